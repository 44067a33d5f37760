// The public entry of the payout feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { PayoutPaths } from './paths.ts'
export { usePayoutOverview } from './payout.queries.ts'
