import { coinsToCents } from '@velvet/contract'
import { expect } from 'vitest'
import { AccountKind, TransferKind } from '../modules/ledger/accounts.ts'
import type { TestApp } from './harness.ts'

let minted = 0

/**
 * Gives a fan coins the way a card coin purchase does (card money into the coin reserve), through the
 * ledger service: tests of spending start from a real balance without going through the card provider.
 */
export async function mintCoins(t: TestApp, userId: number, coins: number) {
  minted++
  return t.app.services.money.ledger.transfer({
    key: `test-mint-${userId}-${minted}-${Date.now()}`,
    kind: TransferKind.CoinPurchase,
    actorUserId: userId,
    meta: { coins, gross_cents: coinsToCents(coins), description: 'Test coins' },
    postings: [
      { account: { kind: AccountKind.CoinIssuance }, amount: -coins },
      { account: { kind: AccountKind.FanCoins, userId }, amount: coins },
      { account: { kind: AccountKind.PaymentClearing }, amount: -coinsToCents(coins) },
      { account: { kind: AccountKind.CoinReserve }, amount: coinsToCents(coins) },
    ],
  })
}

/** The whole ledger is consistent: balanced transfers, balances equal to postings, nothing negative. */
export async function expectCleanLedger(t: TestApp) {
  const audit = await t.app.services.money.ledger.audit()
  expect(audit.unbalancedTransfers).toEqual([])
  expect(audit.driftedAccounts).toEqual([])
  expect(audit.negativeAccounts).toEqual([])
  for (const total of audit.totalsByUnit.values()) expect(total).toBe(0)
}
