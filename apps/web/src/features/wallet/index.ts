// The public entry of the wallet feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { GiftButton } from './GiftButton.tsx'
export { type GiftSender, GiftSheet } from './GiftSheet.tsx'
export { type UnlockAction, UnlockSheet } from './UnlockSheet.tsx'
export { unlockSheet, useUnlockSheetOpen } from './unlock-store.ts'
export { useActionKey, useWalletSummary } from './wallet.queries.ts'
export { coinsShort, UNLOCK_PARAM, unlockReturnPath, WalletPaths } from './wallet-rules.ts'
