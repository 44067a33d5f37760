/**
 * Reconciliation of payments whose webhook never came (nothing may be lost): the sandbox here
 * sends no webhook on its own (delay -1), so a 3DS purchase the fan completes and never comes back from
 * stays open until the sweep asks the provider; then the coins are credited once, and the late webhook
 * changes nothing. And of payments whose charge call never answered (the process died between
 * saving the payment and calling the provider): finished when the provider has the charge, else expired.
 */
import {
  CardDeclineTexts,
  coinsToCents,
  PAYMENT_NOT_SENT,
  type PaymentWebhookEvent,
  paymentStatus,
  paymentsWebhook,
} from '@velvet/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/account-factories.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { PaymentState } from './repo.ts'
import { paymentCards, payments as paymentRows } from './schema.ts'
import { addCard, buyCoinsAs, newKey, TestCards } from './test-cards.ts'
import { RECONCILE_AFTER_MS } from './wiring.ts'

let t: TestApp

beforeAll(async () => {
  const port = await freePort()
  t = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENTS_SANDBOX_DELAY_MS: '-1',
  })
  await t.app.listen({ port, host: '127.0.0.1' })
})
afterAll(() => t.close())

const payments = () => t.app.services.money.payments

/** Delivers a provider event to our webhook, signed as the provider signs it. */
async function deliver(event: PaymentWebhookEvent | undefined) {
  const body = JSON.stringify(event)
  const res = await t.app.inject({
    method: 'POST',
    url: paymentsWebhook.path,
    headers: { 'content-type': 'application/json', ...payments().sandbox.sign(body) },
    payload: body,
  })
  expect(res.statusCode).toBe(200)
}

/** The sandbox charges a saved card under a payment's provider key, as `charge()` asks it to. */
function chargeAtProvider(cardToken: string, paymentId: number, amountCents: number) {
  return payments().sandbox.provider.charge({
    token: cardToken,
    amountCents,
    idempotencyKey: `payment-${paymentId}`,
    reference: String(paymentId),
    description: 'Coins',
    offSession: false,
    returnUrl: 'http://127.0.0.1/pay/coins',
  })
}

describe('payment reconciliation', () => {
  it('settles a payment whose webhook was lost once it has waited ten minutes, and only once', async () => {
    const fan = await makeAccount(t)
    await addCard(t, fan.token, TestCards.threeDs)
    const declined = await makeAccount(t)
    await addCard(t, declined.token, TestCards.threeDsDeclined)
    const waiting = await makeAccount(t)
    await addCard(t, waiting.token, TestCards.threeDs)

    const started = async (token: string) => {
      const res = await buyCoinsAs(t, token, 300, newKey())
      expect(res.body.data.status).toBe('requires_action')
      return { paymentId: Number(res.body.data.payment_id), actionUrl: String(res.body.data.action_url) }
    }
    const paid = await started(fan.token)
    const refused = await started(declined.token)
    const open = await started(waiting.token)
    // Two fans pass the 3DS page and close the tab before coming back; the third never opens it.
    for (const { actionUrl } of [paid, refused]) {
      const done = await fetch(actionUrl, {
        method: 'POST',
        body: new URLSearchParams({ action: 'complete' }),
        redirect: 'manual',
      })
      expect(done.status).toBe(303)
    }
    const statuses = async () => {
      const result = await t.database.db.execute(
        sql`SELECT status FROM payments WHERE id IN (${paid.paymentId}, ${refused.paymentId}, ${open.paymentId}) ORDER BY id`,
      )
      return (result as unknown as { rows: { status: number }[] }).rows.map((row) => Number(row.status))
    }
    expect(await statuses()).toEqual([
      PaymentState.RequiresAction,
      PaymentState.RequiresAction,
      PaymentState.RequiresAction,
    ])
    expect(await t.app.services.money.ledger.coins(fan.userId)).toBe(0)

    // Too recent: the sweep leaves them to the fan's return and the webhook.
    expect(await payments().reconcile(RECONCILE_AFTER_MS)).toBe(0)

    t.clock.advance(RECONCILE_AFTER_MS + 60_000)
    expect(await payments().reconcile(RECONCILE_AFTER_MS)).toBe(2)
    expect(await t.app.services.money.ledger.coins(fan.userId)).toBe(300)
    expect(await t.app.services.money.ledger.coins(declined.userId)).toBe(0)
    expect(await statuses()).toEqual([
      PaymentState.Succeeded,
      PaymentState.Failed,
      PaymentState.RequiresAction,
    ])

    // Again, and then the provider's late webhooks: nothing moves twice.
    expect(await payments().reconcile(RECONCILE_AFTER_MS)).toBe(0)
    const late = payments().sandbox.sent.filter((event) => event.type.startsWith('payment.'))
    expect(late).toHaveLength(2)
    for (const event of late) await deliver(event)
    expect(await t.app.services.money.ledger.coins(fan.userId)).toBe(300)
    const audit = await t.app.services.money.ledger.audit()
    expect(audit).toMatchObject({ unbalancedTransfers: [], driftedAccounts: [], negativeAccounts: [] })
  })
})

describe('payments whose charge call never answered', () => {
  /**
   * What a buy-coins call leaves when its process dies right after saving the payment: the row, pending,
   * with no provider charge id. `reached`: the provider got the charge before the process died.
   */
  async function crashedBuy(coins: number, reached: boolean) {
    const fan = await makeAccount(t)
    const card = await addCard(t, fan.token, TestCards.success)
    const key = newKey('crash')
    const [row] = await t.database.db
      .insert(paymentRows)
      .values({
        userId: fan.userId,
        cardId: card.card_id,
        amountCents: coinsToCents(coins),
        purpose: 'coins',
        reference: { coins },
        key: `coins:${fan.userId}:${key}`,
        provider: 'sandbox',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning()
    if (!row) throw new Error('the payment was not saved')
    if (reached) {
      const [saved] = await t.database.db
        .select({ token: paymentCards.token })
        .from(paymentCards)
        .where(eq(paymentCards.id, card.card_id))
      const charge = await chargeAtProvider(saved?.token ?? '', row.id, row.amountCents)
      expect(charge.status).toBe('succeeded')
    }
    return { fan, key, paymentId: row.id }
  }

  const stateOf = async (paymentId: number) => {
    const [row] = await t.database.db.select().from(paymentRows).where(eq(paymentRows.id, paymentId))
    return { status: row?.status, declineCode: row?.declineCode }
  }

  it('finishes one the provider charged, expires one it never received, and only once', async () => {
    const charged = await crashedBuy(300, true)
    const unsent = await crashedBuy(500, false)
    // The fan looking at it meanwhile sees it pending …
    const waiting = await t.data(paymentStatus, { payment_id: unsent.paymentId }, unsent.fan)
    expect(waiting).toMatchObject({ status: 'pending', code: null })

    // … the sweep leaves it alone while a charge call could still be on its way …
    expect(await payments().reconcile(RECONCILE_AFTER_MS)).toBe(0)
    expect((await stateOf(unsent.paymentId)).status).toBe(PaymentState.Pending)

    // … then settles both: the provider's charge completes the purchase, the one it never got expires.
    t.clock.advance(RECONCILE_AFTER_MS + 60_000)
    expect(await payments().reconcile(RECONCILE_AFTER_MS)).toBe(2)
    expect(await stateOf(charged.paymentId)).toEqual({ status: PaymentState.Succeeded, declineCode: null })
    expect(await t.app.services.money.ledger.coins(charged.fan.userId)).toBe(300)
    expect(await stateOf(unsent.paymentId)).toEqual({
      status: PaymentState.Failed,
      declineCode: PAYMENT_NOT_SENT,
    })
    expect(await t.app.services.money.ledger.coins(unsent.fan.userId)).toBe(0)
    expect(await payments().reconcile(RECONCILE_AFTER_MS)).toBe(0)

    // The fan's screen ends with a clear answer, and so does a retry of the same purchase (same key).
    const ended = await t.data(paymentStatus, { payment_id: unsent.paymentId }, unsent.fan)
    expect(ended).toMatchObject({
      status: 'failed',
      code: PAYMENT_NOT_SENT,
      message: CardDeclineTexts[PAYMENT_NOT_SENT],
    })
    const retried = await buyCoinsAs(t, unsent.fan.token, 500, unsent.key)
    expect(retried.body.data).toMatchObject({ payment_id: unsent.paymentId, status: 'failed' })
    expect(await t.app.services.money.ledger.coins(unsent.fan.userId)).toBe(0)

    // The charged one's late webhook changes nothing.
    const late = payments().sandbox.sent.filter((e) => e.data.reference === String(charged.paymentId))
    expect(late).toHaveLength(1)
    for (const event of late) await deliver(event)
    expect(await t.app.services.money.ledger.coins(charged.fan.userId)).toBe(300)
    const audit = await t.app.services.money.ledger.audit()
    expect(audit).toMatchObject({ unbalancedTransfers: [], driftedAccounts: [], negativeAccounts: [] })
  })

  it('completes an expired payment the provider charged after all (its charge call was still on its way)', async () => {
    const late = await crashedBuy(200, false)
    t.clock.advance(RECONCILE_AFTER_MS + 60_000)
    await payments().reconcile(RECONCILE_AFTER_MS)
    expect((await stateOf(late.paymentId)).status).toBe(PaymentState.Failed)
    // The charge call that was still running reaches the provider, whose webhook says it succeeded.
    const [row] = await t.database.db
      .select({ token: paymentCards.token })
      .from(paymentCards)
      .innerJoin(paymentRows, eq(paymentRows.cardId, paymentCards.id))
      .where(eq(paymentRows.id, late.paymentId))
    await chargeAtProvider(row?.token ?? '', late.paymentId, coinsToCents(200))
    await deliver(payments().sandbox.sent.findLast((e) => e.data.reference === String(late.paymentId)))
    expect(await stateOf(late.paymentId)).toEqual({ status: PaymentState.Succeeded, declineCode: null })
    expect(await t.app.services.money.ledger.coins(late.fan.userId)).toBe(200)
  })
})
