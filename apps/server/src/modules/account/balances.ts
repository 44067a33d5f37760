/** What deleting an account needs to know about money (spec §5: refused with a negative balance). */
export interface AccountBalances {
  /** Whether the user's coin wallet or payout wallet is below zero. */
  hasNegativeBalance(userId: number): Promise<boolean>
}

/**
 * There is no ledger yet (the money issue builds it), so no wallet exists that could be negative and this
 * answers false for everyone. app.ts replaces it with one that reads the ledger once the ledger exists.
 */
export const noLedgerBalances: AccountBalances = {
  hasNegativeBalance: async () => false,
}
