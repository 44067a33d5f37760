// The public entry of the profile feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.

export { useBlockToggle } from './block.ts'
export {
  type CardPage,
  type CardPages,
  cardWithFollow,
  isCardPages,
  mapCards,
  withoutCard,
} from './card-pages.ts'
export { counterText } from './edit-rules.ts'
export { FollowButton } from './FollowButton.tsx'
export { profileKeys } from './profile.queries.ts'
export { applyUserInfoChange } from './profile.realtime.ts'
export { countLabel, displayName, profilePath } from './profile-rules.ts'
export { shareLink } from './share.ts'
export { setBlockState } from './social-cache.ts'
export { TextAreaField } from './TextAreaField.tsx'
export { VerifiedMark } from './VerifiedMark.tsx'
