/**
 * Payments on a real database through HTTP: cards through the sandbox's hosted form, coin purchases
 * (success, declines, 3DS through the hosted page), webhooks (signatures, duplicates, reordering),
 * idempotency of buy-coins, chargebacks. The sandbox posts its webhooks back to this app (delay 0), so the
 * synchronous answer and the webhook race on every purchase.
 */
import {
  buyCoins,
  coinPacks,
  ErrorCodes,
  finishCardSetup,
  PaymentTexts,
  type PaymentWebhookEvent,
  paymentCards,
  paymentStatus,
  paymentsWebhook,
  removeCard,
  setDefaultCard,
  startCardSetup,
  TestModeTexts,
} from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signWebhook } from '../../platform/identity/signature.ts'
import { PAYMENTS_SIGNATURE_HEADER } from '../../platform/payments/signature.ts'
import { freePort } from '../../test/account-factories.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { sleep } from '../../test/sockets.ts'
import { AccountKind, TransferKind } from '../ledger/accounts.ts'
import { addCard, buyCoinsAs, newKey, submitCardForm, TestCards } from './test-cards.ts'

const SECRET = 'payments-webhook-secret-for-tests'
const logLines: string[] = []
let t: TestApp
let port: number

beforeAll(async () => {
  port = await freePort()
  t = await startTestApp(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENTS_SANDBOX_DELAY_MS: '0',
      PAYMENTS_WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: 'debug',
    },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  )
  await t.app.listen({ port, host: '127.0.0.1' })
})
afterAll(() => t.close())

const money = () => t.app.services.money
const sandbox = () => money().payments.sandbox
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)

async function expectCleanAudit() {
  const audit = await money().ledger.audit()
  expect(audit.unbalancedTransfers).toEqual([])
  expect(audit.driftedAccounts).toEqual([])
  expect(audit.negativeAccounts).toEqual([])
  for (const total of audit.totalsByUnit.values()) expect(total).toBe(0)
}

/** Posts a webhook body signed at `at` seconds (default now) like the provider does. */
function postWebhook(body: string, at = nowSeconds(), secret = SECRET) {
  return t.app.inject({
    method: 'POST',
    url: paymentsWebhook.path,
    headers: {
      'content-type': 'application/json',
      [PAYMENTS_SIGNATURE_HEADER]: signWebhook(secret, body, at),
    },
    payload: body,
  })
}

async function countRows(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] }
  return Number(result.rows[0]?.n ?? 0)
}

/** Lets webhooks the sandbox posted on its own arrive (real time). */
const settleWebhooks = () => sleep(150)

describe('cards', () => {
  it('saves cards through the hosted form; default first, set default, remove promotes another', async () => {
    const fan = await makeAccount(t)
    expect((await t.call(paymentCards, {}, { token: fan.token })).body.data.cards).toEqual([])
    const first = await addCard(t, fan.token, TestCards.success)
    expect(first).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
      is_default: true,
    })
    const second = await addCard(t, fan.token, TestCards.insufficientFunds)
    expect(second).toMatchObject({ last4: '9995', is_default: false })

    const set = await t.call(setDefaultCard, { card_id: second.card_id }, { token: fan.token })
    expect(
      set.body.data.cards.map((c: { card_id: number; is_default: boolean }) => [c.card_id, c.is_default]),
    ).toEqual([
      [second.card_id, true],
      [first.card_id, false],
    ])
    const removed = await t.call(removeCard, { card_id: second.card_id }, { token: fan.token })
    expect(removed.body.data.cards).toEqual([
      expect.objectContaining({ card_id: first.card_id, is_default: true }),
    ])

    // Another account's card is not there for this one.
    const other = await makeAccount(t)
    const foreign = await t.call(removeCard, { card_id: first.card_id }, { token: other.token })
    expect(foreign.body.error.code).toBe(ErrorCodes.CardNotFound.code)
    await settleWebhooks()
    expect((await t.call(paymentCards, {}, { token: fan.token })).body.data.cards).toHaveLength(1)
  })

  it('saves the card from the webhook alone, once, whatever arrives first', async () => {
    const fan = await makeAccount(t)
    const started = await t.call(startCardSetup, { return_path: '/pay/coins' }, { token: fan.token })
    expect(started.body.data.url).toMatch(/\/sandbox\/payments\/setup\/seti_[\w-]{24}$/)
    const posted = await submitCardForm(started.body.data.url, TestCards.threeDs)
    expect(posted.status).toBe(303)
    const back = new URL(posted.headers.get('location') ?? '')
    expect(back.pathname).toBe('/pay/coins')
    await settleWebhooks()
    const cards = (await t.call(paymentCards, {}, { token: fan.token })).body.data.cards
    expect(cards).toEqual([expect.objectContaining({ last4: '3184', is_default: true })])
    const finish = await t.call(
      finishCardSetup,
      { session_id: back.searchParams.get('setup_session_id') },
      { token: fan.token },
    )
    expect(finish.body.data.cards).toHaveLength(1)
    // The hosted form is single-use.
    expect((await fetch(started.body.data.url)).status).toBe(410)
  })

  it("refuses a bad form and answers the spec's text when a setup did not finish", async () => {
    const fan = await makeAccount(t)
    const started = await t.call(startCardSetup, { return_path: '/manage/cards' }, { token: fan.token })
    const page = await fetch(started.body.data.url)
    const form = await page.text()
    expect(form).toContain('4000 0027 6000 3184')
    expect(form).toContain(TestModeTexts.banner)
    const bad = await submitCardForm(started.body.data.url, '4242 4242 4242 4241')
    expect(bad.status).toBe(400)
    const badPage = await bad.text()
    expect(badPage).toContain('Enter a valid card number.')
    expect(badPage).not.toContain('4242424242424241')
    const past = await submitCardForm(started.body.data.url, TestCards.success, '01 / 20')
    expect(await past.text()).toContain('Enter a future expiry date')

    const unfinished = await t.call(
      finishCardSetup,
      { session_id: started.body.data.session_id },
      { token: fan.token },
    )
    expect(unfinished.body.error).toMatchObject({
      code: ErrorCodes.CardSaveFailed.code,
      message: PaymentTexts.cardSaveFailed,
    })
    const other = await makeAccount(t)
    await submitCardForm(started.body.data.url, TestCards.success)
    const stolen = await t.call(
      finishCardSetup,
      { session_id: started.body.data.session_id },
      { token: other.token },
    )
    expect(stolen.body.error.message).toBe('Error occured, please try again.')
    expect(
      (await t.call(startCardSetup, { return_path: 'https://evil.example/' }, { token: fan.token })).status,
    ).toBe(400)
  })

  it('sends the browser back to the origin it started from (loopback in development), never elsewhere', async () => {
    const fan = await makeAccount(t)
    const loopback = `http://localhost:${port}`
    const setupFrom = (origin: string) =>
      t.call(startCardSetup, { return_path: '/manage/cards' }, { token: fan.token, headers: { origin } })
    // The app opened on localhost while PUBLIC_URL says 127.0.0.1: the hosted form and its return stay there.
    const started = await setupFrom(loopback)
    expect(started.body.data.url.startsWith(`${loopback}/sandbox/payments/setup/`)).toBe(true)
    const posted = await submitCardForm(started.body.data.url, TestCards.threeDs)
    expect(posted.headers.get('location')?.startsWith(`${loopback}/manage/cards?`)).toBe(true)
    await t.call(finishCardSetup, { session_id: started.body.data.session_id }, { token: fan.token })
    // So do a 3DS page and its return.
    const bought = await t.call(
      buyCoins,
      { coins: 100, return_path: '/pay/coins' },
      { token: fan.token, headers: { origin: loopback, 'idempotency-key': newKey() } },
    )
    expect(bought.body.data.status).toBe('requires_action')
    expect(bought.body.data.action_url.startsWith(`${loopback}/sandbox/payments/3ds/`)).toBe(true)
    const challenge = await fetch(bought.body.data.action_url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'complete' }),
      redirect: 'manual',
    })
    expect(challenge.headers.get('location')?.startsWith(`${loopback}/pay/coins?`)).toBe(true)
    // Another site is never followed: the flow goes to PUBLIC_URL.
    for (const origin of ['https://evil.example', 'http://localhost.evil.example']) {
      const foreign = await setupFrom(origin)
      expect(foreign.body.data.url.startsWith(`http://127.0.0.1:${port}/sandbox/payments/setup/`)).toBe(true)
    }
    await settleWebhooks()
  })

  it('never writes a card number to a log line', async () => {
    await settleWebhooks()
    const all = logLines.join('\n')
    expect(logLines.length).toBeGreaterThan(10)
    for (const number of Object.values(TestCards)) {
      expect(all).not.toContain(number.replace(/ /g, ''))
      expect(all).not.toContain(number)
    }
  })
})

describe('buying coins', () => {
  it('lists the packs with US$ prices', async () => {
    const fan = await makeAccount(t)
    const res = await t.call(coinPacks, {}, { token: fan.token })
    expect(res.body.data).toMatchObject({ min: 1, max: 10000, coin_cents: 10 })
    expect(res.body.data.packs[0]).toEqual({ coins: 100, price_cents: 1000 })
  })

  it('credits the coins once when the card succeeds (answer and webhook both arrive)', async () => {
    const fan = await makeAccount(t)
    await addCard(t, fan.token)
    const res = await buyCoinsAs(t, fan.token, 250)
    expect(res.body.data).toMatchObject({ status: 'succeeded', coins: 250, amount_cents: 2500, balance: 250 })
    await settleWebhooks()
    expect(await money().ledger.coins(fan.userId)).toBe(250)
    const again = await buyCoinsAs(t, fan.token, 5)
    expect(again.body.data.balance).toBe(255)
    await expectCleanAudit()
  })

  it("declines with the spec's texts: insufficient funds, expired card; nothing is credited", async () => {
    const fan = await makeAccount(t)
    const poor = await addCard(t, fan.token, TestCards.insufficientFunds)
    const expired = await addCard(t, fan.token, TestCards.expired)
    const declined = await buyCoinsAs(t, fan.token, 100, newKey(), { card_id: poor.card_id })
    expect(declined.body.data).toMatchObject({
      status: 'failed',
      code: 'insufficient_funds',
      message: PaymentTexts.insufficientFunds,
      balance: null,
    })
    const old = await buyCoinsAs(t, fan.token, 100, newKey(), { card_id: expired.card_id })
    expect(old.body.data).toMatchObject({ status: 'failed', code: 'expired_card' })
    await settleWebhooks()
    expect(await money().ledger.coins(fan.userId)).toBe(0)
  })

  it('refuses without a card, with a card of someone else, and amounts outside 1-10000', async () => {
    const fan = await makeAccount(t)
    expect((await buyCoinsAs(t, fan.token, 10)).body.error.code).toBe(ErrorCodes.NoUsableCard.code)
    const other = await makeAccount(t)
    const card = await addCard(t, other.token)
    expect((await buyCoinsAs(t, fan.token, 10, newKey(), { card_id: card.card_id })).body.error.code).toBe(
      ErrorCodes.CardNotFound.code,
    )
    for (const coins of [0, 10001, 1.5]) {
      const res = await buyCoinsAs(t, other.token, coins)
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    }
    const noKey = await t.call(
      (await import('@velvet/contract')).buyCoins,
      { coins: 10 },
      { token: other.token },
    )
    expect(noKey.body.error.code).toBe(ErrorCodes.IdempotencyKeyMissing.code)
  })

  it('passes 3DS on the hosted page, then credits the coins', async () => {
    const fan = await makeAccount(t)
    await addCard(t, fan.token, TestCards.threeDs)
    const res = await buyCoinsAs(t, fan.token, 500, newKey(), { return_path: '/post/7?from=unlock' })
    expect(res.body.data).toMatchObject({ status: 'requires_action', balance: null })
    const actionUrl = res.body.data.action_url as string
    expect(actionUrl).toMatch(/\/sandbox\/payments\/3ds\/ch_[\w-]{24}$/)
    expect(await (await fetch(actionUrl)).text()).toContain('Complete authentication')
    expect(await money().ledger.coins(fan.userId)).toBe(0)

    const done = await fetch(actionUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'complete' }),
      redirect: 'manual',
    })
    expect(done.status).toBe(303)
    const back = new URL(done.headers.get('location') ?? '')
    expect(back.pathname).toBe('/post/7')
    expect(back.searchParams.get('from')).toBe('unlock')
    const paymentId = Number(back.searchParams.get('payment_id'))
    expect(paymentId).toBe(res.body.data.payment_id)
    const status = await t.call(paymentStatus, { payment_id: paymentId }, { token: fan.token })
    expect(status.body.data).toMatchObject({ status: 'succeeded', coins: 500, balance: 500 })
    await settleWebhooks()
    expect(await money().ledger.coins(fan.userId)).toBe(500)
    // The page is single-use, and another account cannot read the payment.
    expect((await fetch(actionUrl)).status).toBe(410)
    const other = await makeAccount(t)
    expect(
      (await t.call(paymentStatus, { payment_id: paymentId }, { token: other.token })).body.error.code,
    ).toBe(ErrorCodes.PaymentNotFound.code)
    await expectCleanAudit()
  })

  it("fails 3DS (failed authentication, or a decline after it) with the spec's text", async () => {
    const fan = await makeAccount(t)
    const challenge = await addCard(t, fan.token, TestCards.threeDs)
    const declining = await addCard(t, fan.token, TestCards.threeDsDeclined)
    for (const [card, action] of [
      [challenge, 'fail'],
      [declining, 'complete'],
    ] as const) {
      const res = await buyCoinsAs(t, fan.token, 100, newKey(), { card_id: card.card_id })
      const answer = await fetch(res.body.data.action_url, {
        method: 'POST',
        body: new URLSearchParams({ action }),
        redirect: 'manual',
      })
      expect(answer.status).toBe(303)
      const status = await t.call(
        paymentStatus,
        { payment_id: res.body.data.payment_id },
        { token: fan.token },
      )
      expect(status.body.data).toMatchObject({ status: 'failed', message: PaymentTexts.verificationFailed })
    }
    await settleWebhooks()
    expect(await money().ledger.coins(fan.userId)).toBe(0)
  })

  it('fails an off-session 3DS charge (renewals) instead of asking for a challenge', async () => {
    const fan = await makeAccount(t)
    const card = await addCard(t, fan.token, TestCards.threeDs)
    const outcome = await money().payments.charge({
      userId: fan.userId,
      cardId: card.card_id,
      amountCents: 500,
      purpose: 'coins',
      reference: { coins: 50 },
      key: newKey('offsession'),
      description: 'test',
      returnPath: '/home',
      offSession: true,
    })
    expect(outcome).toMatchObject({ status: 'failed', code: 'authentication_required' })
    expect(await money().payments.hasUsableCard(fan.userId, t.clock.now())).toBe(true)
  })
})

describe('idempotency of buy-coins', () => {
  it('1,000 replays of one key: one payment, one transfer, identical answers; another amount is 5002', async () => {
    const fan = await makeAccount(t)
    await addCard(t, fan.token)
    const key = newKey('replay')
    const answers: unknown[] = []
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(Array.from({ length: 100 }, () => buyCoinsAs(t, fan.token, 40, key)))
      for (const res of results) {
        expect(res.status).toBe(200)
        answers.push(res.body.data)
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0]).toMatchObject({ status: 'succeeded', balance: 40 })
    expect(await countRows(sql`SELECT count(*) AS n FROM payments WHERE user_id = ${fan.userId}`)).toBe(1)
    expect(
      await countRows(
        sql`SELECT count(*) AS n FROM ledger_transfers WHERE actor_user_id = ${fan.userId} AND kind = ${TransferKind.CoinPurchase}`,
      ),
    ).toBe(1)
    expect(await money().ledger.coins(fan.userId)).toBe(40)
    const other = await buyCoinsAs(t, fan.token, 41, key)
    expect(other.status).toBe(409)
    expect(other.body.error.code).toBe(ErrorCodes.IdempotencyKeyReused.code)
    await expectCleanAudit()
  }, 120_000)
})

describe('webhooks', () => {
  const event = (overrides: Partial<PaymentWebhookEvent> = {}): PaymentWebhookEvent => ({
    id: newKey('evt'),
    type: 'payment.succeeded',
    created: nowSeconds(),
    data: { charge_id: 'ch_x', reference: '999999999', amount_cents: 100 },
    ...overrides,
  })

  it('refuses a bad signature, another secret and a timestamp older than 300 s', async () => {
    const body = JSON.stringify(event())
    const forged = await t.app.inject({
      method: 'POST',
      url: paymentsWebhook.path,
      headers: {
        'content-type': 'application/json',
        [PAYMENTS_SIGNATURE_HEADER]: `t=${nowSeconds()},v1=${'a'.repeat(64)}`,
      },
      payload: body,
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().error.code).toBe(ErrorCodes.WebhookSignatureInvalid.code)
    expect((await postWebhook(body, nowSeconds(), 'another-secret-0000000')).statusCode).toBe(401)
    expect((await postWebhook(body, nowSeconds() - 301)).json().error.code).toBe(
      ErrorCodes.WebhookSignatureInvalid.code,
    )
    const unsigned = await t.app.inject({
      method: 'POST',
      url: paymentsWebhook.path,
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    expect(unsigned.statusCode).toBe(401)
    expect((await postWebhook(body, nowSeconds() - 299)).statusCode).toBe(200)
  })

  it('moves a payment only forward: a late failure, an unknown payment or another amount change nothing', async () => {
    const fan = await makeAccount(t)
    await addCard(t, fan.token, TestCards.threeDs)
    const res = await buyCoinsAs(t, fan.token, 30)
    const data = { charge_id: 'ch_late', reference: String(res.body.data.payment_id), amount_cents: 300 }
    expect((await postWebhook(JSON.stringify(event({ data })))).statusCode).toBe(200)
    const late = event({ type: 'payment.failed', data: { ...data, decline_code: 'card_declined' } })
    expect((await postWebhook(JSON.stringify(late))).statusCode).toBe(200)
    const wrongAmount = event({ type: 'charge.disputed', data: { ...data, amount_cents: 1 } })
    expect((await postWebhook(JSON.stringify(wrongAmount))).statusCode).toBe(200)
    expect((await postWebhook(JSON.stringify(event()))).statusCode).toBe(200)
    const status = await t.call(paymentStatus, { payment_id: res.body.data.payment_id }, { token: fan.token })
    expect(status.body.data).toMatchObject({ status: 'succeeded', balance: 30 })
    await expectCleanAudit()
  })

  it('1,000 duplicated and shuffled events: each payment credited once, the ledger balanced', async () => {
    // 20 fans each start a 3DS purchase (no effect yet); their provider events then arrive 25 times each,
    // shuffled, some disputes among them (a dispute may come before the success it implies).
    const started: { fan: Awaited<ReturnType<typeof makeAccount>>; paymentId: number; chargeId: string }[] =
      []
    for (let n = 0; n < 20; n++) {
      const fan = await makeAccount(t)
      await addCard(t, fan.token, TestCards.threeDs)
      const res = await buyCoinsAs(t, fan.token, 100)
      expect(res.body.data.status).toBe('requires_action')
      started.push({
        fan,
        paymentId: res.body.data.payment_id,
        chargeId: String(res.body.data.action_url).split('/').at(-1) ?? '',
      })
    }
    const events: PaymentWebhookEvent[] = []
    started.forEach(({ paymentId, chargeId }, i) => {
      const data = { charge_id: chargeId, reference: String(paymentId), amount_cents: 1000 }
      events.push(event({ type: 'payment.succeeded', data }))
      events.push(event({ type: i % 4 === 0 ? 'charge.disputed' : 'payment.succeeded', data }))
    })
    const deliveries = Array.from(
      { length: 1000 },
      (_, i) => events[i % events.length] as PaymentWebhookEvent,
    )
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1))
      ;[deliveries[i], deliveries[j]] = [
        deliveries[j] as PaymentWebhookEvent,
        deliveries[i] as PaymentWebhookEvent,
      ]
    }
    for (let i = 0; i < deliveries.length; i += 50) {
      const results = await Promise.all(
        deliveries.slice(i, i + 50).map((e) => postWebhook(JSON.stringify(e))),
      )
      for (const r of results) expect(r.statusCode).toBe(200)
    }
    for (const [i, { fan, paymentId }] of started.entries()) {
      const disputed = i % 4 === 0
      expect(await money().ledger.coins(fan.userId)).toBe(disputed ? 0 : 100)
      const status = await t.call(paymentStatus, { payment_id: paymentId }, { token: fan.token })
      expect(status.body.data.status).toBe(disputed ? 'charged_back' : 'succeeded')
      expect(
        await countRows(
          sql`SELECT count(*) AS n FROM ledger_transfers WHERE item_type = 'payment' AND item_id = ${String(paymentId)}`,
        ),
      ).toBe(disputed ? 2 : 1)
    }
    expect(
      await countRows(
        sql`SELECT count(*) AS n FROM payment_webhook_events WHERE event_id IN (${sql.join(
          events.map((e) => sql`${e.id}`),
          sql`, `,
        )})`,
      ),
    ).toBe(events.length)
    await expectCleanAudit()
  }, 120_000)
})

describe('chargebacks', () => {
  it('take back the coins left (the spent rest is a loss) and turn card payments off for the fan', async () => {
    const fan = await makeAccount(t)
    const creator = await makeAccount(t)
    await addCard(t, fan.token)
    const bought = await buyCoinsAs(t, fan.token, 100)
    expect(bought.body.data.balance).toBe(100)
    // The fan spends 30 coins (a gift, through the ledger as the wallet part does).
    await money().ledger.transfer({
      key: newKey('gift'),
      kind: TransferKind.Gift,
      actorUserId: fan.userId,
      counterpartyUserId: creator.userId,
      postings: [
        { account: { kind: AccountKind.FanCoins, userId: fan.userId }, amount: -30 },
        { account: { kind: AccountKind.CoinIssuance }, amount: 30 },
        { account: { kind: AccountKind.CoinReserve }, amount: -300 },
        { account: { kind: AccountKind.CreatorPayout, userId: creator.userId }, amount: 240 },
        { account: { kind: AccountKind.PlatformRevenue }, amount: 60 },
      ],
    })
    await settleWebhooks()
    const row = (await t.database.db.execute(
      sql`SELECT provider_ref FROM payments WHERE id = ${bought.body.data.payment_id}`,
    )) as unknown as { rows: { provider_ref: string }[] }
    expect(await sandbox().dispute(row.rows[0]?.provider_ref ?? '')).toBe(true)
    await settleWebhooks()

    expect(await money().ledger.coins(fan.userId)).toBe(0)
    const status = await t.call(
      paymentStatus,
      { payment_id: bought.body.data.payment_id },
      { token: fan.token },
    )
    expect(status.body.data.status).toBe('charged_back')
    const reversal = (await t.database.db.execute(
      sql`SELECT meta FROM ledger_transfers WHERE kind = ${TransferKind.Chargeback} AND actor_user_id = ${fan.userId}`,
    )) as unknown as { rows: { meta: Record<string, number> }[] }
    expect(reversal.rows).toHaveLength(1)
    expect(reversal.rows[0]?.meta).toMatchObject({ coins: -70, loss_cents: 300 })

    const refused = await buyCoinsAs(t, fan.token, 10)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe(ErrorCodes.PaymentsBlocked.code)
    expect(await money().payments.hasUsableCard(fan.userId, t.clock.now())).toBe(false)
    // The dispute's webhook again, later: nothing more happens.
    const again = sandbox()
      .sent.filter((e) => e.type === 'charge.disputed')
      .at(-1)
    expect((await postWebhook(JSON.stringify(again))).statusCode).toBe(200)
    expect(
      await countRows(
        sql`SELECT count(*) AS n FROM ledger_transfers WHERE kind = ${TransferKind.Chargeback} AND actor_user_id = ${fan.userId}`,
      ),
    ).toBe(1)
    await expectCleanAudit()
  })
})
