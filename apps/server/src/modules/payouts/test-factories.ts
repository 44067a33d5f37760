import { coinsToCents, PayoutRules } from '@velvet/contract'
import type { TestApp } from '../../test/harness.ts'
import { AccountKind, TransferKind } from '../ledger/accounts.ts'
import { backdateTransfer } from '../ledger/test-support.ts'

/** US tax settings (a W-9) a creator saves before withdrawing. */
export const W9_FORM = {
  form: 'w9',
  legal_name: 'Jane Doe',
  tin_type: 'ssn',
  tin: '512-42-7391',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '73301' },
  certify: true,
  signature: 'Jane Doe',
}

let nextFan = 7_000_000 + (process.pid % 1000) * 1000

const DAY_MS = 86_400_000

/**
 * Gives a creator real earnings: a fan's coins are minted the way a coin purchase does, then spent on the
 * creator through `sales.sell` (the creator's share lands in their payout wallet, the referrer's too). The
 * sale is dated a day past the clearing period, so the earnings are available to withdraw, unless
 * `{ cleared: false }` keeps it a sale of now (pending until it clears).
 */
export async function giveEarnings(
  t: TestApp,
  creatorId: number,
  coins: number,
  options: { cleared?: boolean } = {},
) {
  const sale = await sellGift(t, creatorId, coins)
  if (options.cleared ?? true) {
    const at = new Date(t.clock.now().getTime() - (PayoutRules.clearingDays + 1) * DAY_MS)
    await backdateTransfer(t.database.db, sale.transfer.id, at)
  }
  return sale
}

async function sellGift(t: TestApp, creatorId: number, coins: number) {
  const fan = nextFan++
  const { ledger, sales } = t.app.services.money
  await ledger.transfer({
    key: `test-mint-${fan}`,
    kind: TransferKind.CoinPurchase,
    actorUserId: fan,
    postings: [
      { account: { kind: AccountKind.CoinIssuance }, amount: -coins },
      { account: { kind: AccountKind.FanCoins, userId: fan }, amount: coins },
      { account: { kind: AccountKind.PaymentClearing }, amount: -coinsToCents(coins) },
      { account: { kind: AccountKind.CoinReserve }, amount: coinsToCents(coins) },
    ],
  })
  return t.database.db.transaction((tx) =>
    sales.sell(
      {
        key: `test-gift-${fan}`,
        kind: TransferKind.Gift,
        buyerId: fan,
        creatorId,
        item: null,
        payment: { coins },
        description: 'Gift',
      },
      tx,
    ),
  )
}

/** Whole-ledger checks every money test ends with. */
export async function ledgerAudit(t: TestApp) {
  const audit = await t.app.services.money.ledger.audit()
  return {
    unbalanced: audit.unbalancedTransfers,
    drifted: audit.driftedAccounts,
    negative: audit.negativeAccounts,
    totals: [...audit.totalsByUnit.values()],
  }
}

let keyCounter = 0
/** A fresh Idempotency-Key header. */
export function idem(prefix = 'payout') {
  keyCounter += 1
  return { 'idempotency-key': `${prefix}-${process.pid}-${keyCounter}-${Date.now()}` }
}
