/** What deleting an account needs to know about money (spec §5: refused with a negative balance). */
export interface AccountBalances {
  /** Whether the user's coin wallet or payout wallet is below zero. */
  hasNegativeBalance(userId: number): Promise<boolean>
}
