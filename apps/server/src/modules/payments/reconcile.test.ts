/**
 * Reconciliation of payments whose webhook never came (issue 6: nothing may be lost): the sandbox here
 * sends no webhook on its own (delay -1), so a 3DS purchase the fan completes and never comes back from
 * stays open until the sweep asks the provider; then the coins are credited once, and the late webhook
 * changes nothing.
 */
import { paymentsWebhook } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/account-factories.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { PaymentState } from './repo.ts'
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
    for (const event of late) {
      const body = JSON.stringify(event)
      const res = await t.app.inject({
        method: 'POST',
        url: paymentsWebhook.path,
        headers: { 'content-type': 'application/json', ...payments().sandbox.sign(body) },
        payload: body,
      })
      expect(res.statusCode).toBe(200)
    }
    expect(await t.app.services.money.ledger.coins(fan.userId)).toBe(300)
    const audit = await t.app.services.money.ledger.audit()
    expect(audit).toMatchObject({ unbalancedTransfers: [], driftedAccounts: [], negativeAccounts: [] })
  })
})
