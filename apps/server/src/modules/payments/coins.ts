import { buyCoins, coinsToCents, formatCoins, type PaymentOutcome } from '@velvet/contract'
import type { Tx } from '../../platform/db.ts'
import { AccountKind, type PostingInput, TransferKind } from '../ledger/accounts.ts'
import { LedgerRefusal, type LedgerService } from '../ledger/service.ts'
import { presentPayment } from './presenters.ts'
import type { PaymentsRepo } from './repo.ts'
import type { PaymentsService } from './service.ts'
import type { PaymentPurposeHandler, PaymentRecord } from './types.ts'

export const COINS_PURPOSE = 'coins'

const purchaseKey = (paymentId: number) => `payment:${paymentId}:coins`
const coinsOf = (payment: PaymentRecord) => Number(payment.reference.coins)

/**
 * Coin purchases: a succeeded payment puts its coins in the fan's wallet (CoinPurchase, keyed by the
 * payment, so once); a chargeback takes back what is left of them, the spent rest is the platform's loss.
 */
export function coinPurchaseHandler(ledger: LedgerService): PaymentPurposeHandler {
  const handler: PaymentPurposeHandler = {
    async succeeded(tx: Tx, payment: PaymentRecord) {
      const coins = coinsOf(payment)
      await ledger.transfer(
        {
          key: purchaseKey(payment.id),
          kind: TransferKind.CoinPurchase,
          actorUserId: payment.userId,
          item: { type: 'payment', id: String(payment.id) },
          meta: {
            coins,
            gross_cents: payment.amountCents,
            payment_id: payment.id,
            description: `Bought ${formatCoins(coins)}`,
          },
          postings: [
            { account: { kind: AccountKind.CoinIssuance }, amount: -coins },
            { account: { kind: AccountKind.FanCoins, userId: payment.userId }, amount: coins },
            { account: { kind: AccountKind.PaymentClearing }, amount: -payment.amountCents },
            { account: { kind: AccountKind.CoinReserve }, amount: payment.amountCents },
          ],
        },
        tx,
      )
    },

    async chargedBack(tx: Tx, payment: PaymentRecord) {
      // A spend may race the reversal for the same coins: each try runs in a savepoint and reads the
      // balance again, so the chargeback takes what is left at that moment.
      for (let attempt = 1; ; attempt++) {
        try {
          await tx.transaction((savepoint) => reverse(savepoint, payment))
          return
        } catch (error) {
          if (!(error instanceof LedgerRefusal) || error.reason !== 'insufficient_funds' || attempt >= 5)
            throw error
        }
      }
    },
  }
  return handler

  async function reverse(tx: Tx, payment: PaymentRecord) {
    const purchase = await ledger.transferByKey(purchaseKey(payment.id), tx)
    const coins = coinsOf(payment)
    const taken = Math.min(coins, await ledger.coins(payment.userId, tx))
    const takenCents = coinsToCents(taken)
    const lossCents = payment.amountCents - takenCents
    const postings: PostingInput[] = [
      // The processor takes the whole amount back.
      { account: { kind: AccountKind.PaymentClearing }, amount: payment.amountCents },
    ]
    if (taken > 0)
      postings.push(
        { account: { kind: AccountKind.FanCoins, userId: payment.userId }, amount: -taken },
        { account: { kind: AccountKind.CoinIssuance }, amount: taken },
        { account: { kind: AccountKind.CoinReserve }, amount: -takenCents },
      )
    if (lossCents > 0) postings.push({ account: { kind: AccountKind.ChargebackLosses }, amount: -lossCents })
    await ledger.transfer(
      {
        key: `payment:${payment.id}:chargeback`,
        kind: TransferKind.Chargeback,
        actorUserId: payment.userId,
        item: { type: 'payment', id: String(payment.id) },
        reversesId: purchase?.id ?? null,
        meta: {
          coins: -taken,
          gross_cents: -payment.amountCents,
          loss_cents: lossCents,
          payment_id: payment.id,
          description: `Chargeback: ${formatCoins(taken)} taken back`,
        },
        postings,
      },
      tx,
    )
  }
}

/** The buy-coins call: one payment per Idempotency-Key, one stored answer for every replay. */
export function createCoinSales(deps: {
  payments: PaymentsService
  repo: PaymentsRepo
  ledger: LedgerService
}) {
  const { payments, repo, ledger } = deps
  return {
    async buy(
      userId: number,
      idempotencyKey: string,
      input: { coins: number; card_id?: number | null | undefined; return_path: string },
      origin: string,
    ): Promise<PaymentOutcome> {
      const params = { coins: input.coins, card_id: input.card_id ?? null, return_path: input.return_path }
      const outcome = await payments.charge({
        userId,
        cardId: params.card_id,
        amountCents: coinsToCents(input.coins),
        purpose: COINS_PURPOSE,
        reference: { coins: input.coins },
        key: `coins:${userId}:${idempotencyKey}`,
        description: `${formatCoins(input.coins)} on Velvet`,
        returnPath: input.return_path,
        origin,
      })
      return ledger.idempotent({ userId, key: idempotencyKey, scope: buyCoins.path, params }, async (tx) => {
        const row = await repo.paymentById(outcome.paymentId, tx)
        if (!row) throw new Error('the payment just made is missing')
        return presentPayment(row, await ledger.coins(userId, tx))
      })
    },
  }
}
