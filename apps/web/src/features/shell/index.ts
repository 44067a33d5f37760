// The public entry of the shell feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { AppLayout } from './AppLayout.tsx'
export { activeChatContact } from './active-contact.ts'
export { useBecomeHostBubbleShowing } from './become-host-store.ts'
export { GuestTabScreen } from './GuestTabScreen.tsx'
export { isTabScreen } from './guards.ts'
