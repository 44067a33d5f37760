// The public entry of the auth feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.

export { AccountOnly } from './AccountOnly.tsx'
export { authKeys } from './auth.queries.ts'
export { loadCurrentUser, localLogout, logout, recheckSession } from './auth.service.ts'
export { showServerError } from './form-errors.ts'
export { portraitFileProblem } from './portrait-file.ts'
export { RequireAccount } from './RequireAccount.tsx'
export { HOME_PATH, loginWithRedirect, redirectFrom, safeRedirect } from './redirect.ts'
export { type Session, sessionStore, useSession } from './session.ts'
export { sessionExit } from './session-exit.ts'
export { freshToken } from './session-renewal.ts'
export {
  type Availability,
  AvailabilityIcon,
  AvailabilityText,
  UsernameRules,
} from './steps/UsernameFeedback.tsx'
export { useWithAccount } from './with-account.ts'
