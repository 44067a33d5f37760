// The public entry of the payments feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { CardPicker, pickCard, usableCards } from './CardPicker.tsx'
export { coinsPath, PaymentParams, PaymentPaths, safeReturnPath, withoutParam } from './paths.ts'
export { useCards, useFinishCardSetup, usePaymentStatus, useStartCardSetup } from './payments.queries.ts'
export { cardLabel, expiryText } from './payments-format.ts'
export { useBuyCoinsFallback } from './use-buy-coins-fallback.tsx'
export { useSetupReturn } from './use-setup-return.ts'
