/**
 * Withdrawals through HTTP on a real database with the real job queue and the sandbox payout provider:
 * methods and their rules, tax settings, every refusal, a paid and a failed payout (and the week of pause),
 * the ledger staying balanced.
 */
import {
  ErrorCodes,
  NotifyType,
  PayoutRules,
  PayoutSandbox,
  PayoutStatus,
  payoutDetail,
  payoutList,
  payoutMethods,
  payoutOverview,
  payoutTax,
  removePayoutMethod,
  requestPayout,
  savePayoutAch,
  savePayoutPaypal,
  savePayoutTax,
  savePayoutUsdt,
  setDefaultPayoutMethod,
  TaxTexts,
  TransactionTexts,
  transactionsList,
} from '@velvet/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makeCreator } from '../../test/social-factories.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { payoutMethods as methodsTable, payoutTaxSettings } from './schema.ts'
import { giveEarnings, idem, ledgerAudit, W9_FORM } from './test-factories.ts'

let t: TestApp

beforeAll(async () => {
  t = await startTestApp({}, { jobs: true })
}, 60_000)
afterAll(() => t.close())

const w9 = W9_FORM
const w8 = {
  form: 'w8ben',
  legal_name: 'Ana Silva',
  country: 'PT',
  foreign_tin: 'PT123456789',
  date_of_birth: '1990-01-01',
  address: { line1: 'Rua Augusta 1', city: 'Lisboa', postal_code: '1100-048', country: 'PT' },
}

/** A creator with earnings (in cents), tax settings and a PayPal method. */
async function readyCreator(options: { cents?: number; email?: string; tax?: Record<string, unknown> } = {}) {
  const me = await makeCreator(t)
  await giveEarnings(t, me.userId, Math.ceil((options.cents ?? 10_000) / 8))
  await t.data(savePayoutTax, options.tax ?? w9, { token: me.token })
  const method = await t.data(
    savePayoutPaypal,
    { email: options.email ?? `${me.userName}@example.com` },
    { token: me.token },
  )
  return { ...me, methodId: method.method_id as number }
}

async function waitForStatus(token: string, payoutId: number, status: number) {
  for (let i = 0; i < 80; i++) {
    const payout = await t.data(payoutDetail, { payout_id: payoutId }, { token })
    if (payout.status === status) return payout
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`payout ${payoutId} never reached status ${status}`)
}

async function expectCleanLedger() {
  const audit = await ledgerAudit(t)
  expect(audit.unbalanced).toEqual([])
  expect(audit.drifted).toEqual([])
  expect(audit.negative).toEqual([])
  for (const total of audit.totals) expect(total).toBe(0)
}

describe('payout methods', () => {
  it('keeps a bank account by its last four digits and refuses a bad routing number or USDT address', async () => {
    const me = await makeCreator(t)
    const badRouting = await t.call(
      savePayoutAch,
      { account_name: 'Jane Doe', routing_number: '123456789', account_number: '000123456789' },
      { token: me.token },
    )
    expect(badRouting.status).toBe(400)
    expect(badRouting.body.error.fields).toMatchObject([
      { field: 'routing_number', rule: 'ach.routing.checksum' },
    ])
    const badName = await t.call(
      savePayoutAch,
      { account_name: 'Jane Doe #2', routing_number: '021000021', account_number: '000123456789' },
      { token: me.token },
    )
    expect(badName.body.error.fields).toMatchObject([{ field: 'account_name', rule: 'ach.name.charset' }])
    const badUsdt = await t.call(
      savePayoutUsdt,
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
      { token: me.token },
    )
    expect(badUsdt.body.error.fields).toMatchObject([{ field: 'address', rule: 'usdt.address.checksum' }])

    const ach = await t.data(
      savePayoutAch,
      { account_name: "O'Brien & Sons", routing_number: '021000021', account_number: '000123456789' },
      { token: me.token },
    )
    expect(ach).toMatchObject({ kind: 1, detail: "O'Brien & Sons ••••6789", is_default: true })
    const usdt = await t.data(
      savePayoutUsdt,
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', make_default: false },
      { token: me.token },
    )
    expect(usdt).toMatchObject({ kind: 3, is_default: false })
    const rows = await t.database.db.select().from(methodsTable).where(eq(methodsTable.userId, me.userId))
    expect(JSON.stringify(rows)).not.toContain('000123456789')
    expect(rows.every((row) => row.providerToken.startsWith('sbx_rcp_'))).toBe(true)

    const switched = await t.data(setDefaultPayoutMethod, { method_id: usdt.method_id }, { token: me.token })
    expect(
      switched.list.map((m: { method_id: number; is_default: boolean }) => [m.method_id, m.is_default]),
    ).toEqual([
      [usdt.method_id, true],
      [ach.method_id, false],
    ])
    const removed = await t.data(removePayoutMethod, { method_id: usdt.method_id }, { token: me.token })
    expect(removed.list).toMatchObject([{ method_id: ach.method_id, is_default: true }])
    const again = await t.call(removePayoutMethod, { method_id: usdt.method_id }, { token: me.token })
    expect(again.body.error.code).toBe(ErrorCodes.PayoutMethodNotFound.code)
    expect((await t.data(payoutMethods, {}, { token: me.token })).list).toHaveLength(1)
  })

  it('keeps only the last four characters and a hash of a tax id', async () => {
    const me = await makeCreator(t)
    expect((await t.data(payoutTax, {}, { token: me.token })).tax).toBeNull()
    const saved = await t.data(savePayoutTax, w9, { token: me.token })
    expect(saved.tax).toMatchObject({
      form: 'w9',
      tin_type: 'ssn',
      tin_last4: '7391',
      country: 'US',
      signature_name: 'Jane Doe',
      signed_at: Math.floor(t.clock.now().getTime() / 1000),
    })
    const [row] = await t.database.db
      .select()
      .from(payoutTaxSettings)
      .where(eq(payoutTaxSettings.userId, me.userId))
    expect(JSON.stringify(row)).not.toContain('512427391')
    expect(row?.tinHash).toMatch(/^[0-9a-f]{64}$/)
    const foreign = await t.data(savePayoutTax, w8, { token: me.token })
    expect(foreign.tax).toMatchObject({
      form: 'w8ben',
      tin_type: 'foreign',
      tin_last4: '6789',
      country: 'PT',
    })
    expect(foreign.tax).toMatchObject({ signature_name: null, signed_at: null })
    const us = await t.call(savePayoutTax, { ...w8, country: 'US' }, { token: me.token })
    expect(us.body.error.fields).toMatchObject([{ field: 'country', rule: 'tax.country.us' }])
  })

  it('refuses a W-9 with a sample or impossible taxpayer id, unticked or unsigned', async () => {
    const me = await makeCreator(t)
    const fieldsOf = async (form: Record<string, unknown>) =>
      (await t.call(savePayoutTax, form, { token: me.token })).body.error?.fields
    expect(await fieldsOf({ ...w9, tin: '123-45-6789' })).toMatchObject([
      { field: 'tin', rule: 'tax.tin.invalid', message: TaxTexts.ssnInvalid },
    ])
    expect(await fieldsOf({ ...w9, tin: '666-12-3456' })).toMatchObject([{ rule: 'tax.tin.invalid' }])
    expect(await fieldsOf({ ...w9, tin_type: 'ein', tin: '00-1234567' })).toMatchObject([
      { field: 'tin', rule: 'tax.tin.invalid', message: TaxTexts.einInvalid },
    ])
    expect(await fieldsOf({ ...w9, certify: false, signature: 'Someone Else' })).toMatchObject([
      { field: 'certify', rule: 'tax.certify' },
      { field: 'signature', rule: 'tax.signature' },
    ])
    expect((await t.data(payoutTax, {}, { token: me.token })).tax).toBeNull()
  })
})

describe('withdrawals', () => {
  it('refuses non-creators, no tax settings, no method, under the minimum and over the balance', async () => {
    const fan = await makeAccount(t)
    const notCreator = await t.call(
      requestPayout,
      { amount_cents: 2_000, method_id: 1 },
      { token: fan.token, headers: idem() },
    )
    expect(notCreator.body.error.code).toBe(ErrorCodes.PayoutNotCreator.code)

    const me = await makeCreator(t)
    await giveEarnings(t, me.userId, 1_000) // 8,000 cents
    const noKey = await t.call(requestPayout, { amount_cents: 2_000, method_id: 1 }, { token: me.token })
    expect(noKey.body.error.code).toBe(ErrorCodes.IdempotencyKeyMissing.code)
    const noTax = await t.call(
      requestPayout,
      { amount_cents: 2_000, method_id: 1 },
      { token: me.token, headers: idem() },
    )
    expect(noTax.body.error.code).toBe(ErrorCodes.PayoutTaxMissing.code)
    await t.data(savePayoutTax, w9, { token: me.token })
    const noMethod = await t.call(
      requestPayout,
      { amount_cents: 2_000, method_id: 1 },
      { token: me.token, headers: idem() },
    )
    expect(noMethod.body.error.code).toBe(ErrorCodes.PayoutMethodMissing.code)
    const method = await t.data(savePayoutPaypal, { email: 'jane@example.com' }, { token: me.token })
    const small = await t.call(
      requestPayout,
      { amount_cents: PayoutRules.minimumCents - 1, method_id: method.method_id },
      { token: me.token, headers: idem() },
    )
    expect(small.status).toBe(400)
    expect(small.body.error.fields[0]).toMatchObject({
      field: 'amount_cents',
      message: 'The minimum withdrawal is US$20.00.',
    })
    const tooMuch = await t.call(
      requestPayout,
      { amount_cents: 8_001, method_id: method.method_id },
      { token: me.token, headers: idem() },
    )
    expect(tooMuch.body.error.code).toBe(ErrorCodes.PayoutOverBalance.code)
    const overview = await t.data(payoutOverview, {}, { token: me.token })
    expect(overview).toMatchObject({
      available_cents: 8_000,
      pending_cents: 0,
      has_tax: true,
      suspended_until: null,
    })
    await expectCleanLedger()
  })

  it('pays a PayPal withdrawal once per key: requested → processing → paid, with the US fee', async () => {
    const me = await readyCreator({ cents: 10_000 })
    const headers = idem()
    const input = { amount_cents: 5_000, method_id: me.methodId }
    const first = await t.data(requestPayout, input, { token: me.token, headers })
    expect(first).toMatchObject({
      amount_cents: 5_000,
      fee_cents: 25,
      net_cents: 4_975,
      status: PayoutStatus.Requested,
    })
    const replay = await t.data(requestPayout, input, { token: me.token, headers })
    expect(replay).toEqual(first)
    const other = await t.call(requestPayout, { ...input, amount_cents: 2_500 }, { token: me.token, headers })
    expect(other.body.error.code).toBe(ErrorCodes.IdempotencyKeyReused.code)

    const during = await t.data(payoutOverview, {}, { token: me.token })
    expect(during.available_cents).toBe(5_000)
    expect(during.pending_cents).toBe(5_000)

    const processing = await waitForStatus(me.token, first.payout_id, PayoutStatus.Processing)
    expect(processing.processing_at).not.toBeNull()
    const paid = await waitForStatus(me.token, first.payout_id, PayoutStatus.Paid)
    expect(paid.paid_at).not.toBeNull()

    const after = await t.data(payoutOverview, {}, { token: me.token })
    expect(after).toMatchObject({ available_cents: 5_000, pending_cents: 0, suspended_until: null })
    const list = await t.data(payoutList, {}, { token: me.token })
    expect(list.list).toHaveLength(1)
    const postings = await t.database.db.execute(sql`
      SELECT t.kind, a.kind AS account_kind, p.amount FROM ledger_transfers t
      JOIN ledger_postings p ON p.transfer_id = t.id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE t.item_type = 'payout' OR t.idempotency_key LIKE ${`payout-request:${me.userId}:%`}
      ORDER BY t.id, p.id`)
    expect(
      (postings as unknown as { rows: unknown[] }).rows.map((r) => Object.values(r as object).map(Number)),
    ).toEqual([
      [6, 2, -5_000],
      [6, 105, 4_975],
      [6, 106, 25],
      [7, 105, -4_975],
      [7, 107, 4_975],
    ])
    const notes = await t.database.db.execute(
      sql`SELECT notify_type FROM notifications WHERE user_id = ${me.userId}`,
    )
    expect(
      (notes as unknown as { rows: Array<{ notify_type: number }> }).rows.map((r) => r.notify_type),
    ).toEqual([NotifyType.PayoutPaid])
    await expectCleanLedger()
  }, 40_000)

  it('charges non-US PayPal 2% and USDT US$3', async () => {
    const me = await readyCreator({ cents: 20_000, tax: w8 })
    const paypal = await t.data(
      requestPayout,
      { amount_cents: 10_000, method_id: me.methodId },
      { token: me.token, headers: idem() },
    )
    expect(paypal).toMatchObject({ fee_cents: 200, net_cents: 9_800 })
    const usdt = await t.data(
      savePayoutUsdt,
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      { token: me.token },
    )
    const tron = await t.data(
      requestPayout,
      { amount_cents: 5_000, method_id: usdt.method_id },
      { token: me.token, headers: idem() },
    )
    expect(tron).toMatchObject({ fee_cents: 300, net_cents: 4_700 })
    await waitForStatus(me.token, paypal.payout_id, PayoutStatus.Paid)
    await waitForStatus(me.token, tron.payout_id, PayoutStatus.Paid)
    await expectCleanLedger()
  }, 40_000)

  it('gives a failed withdrawal back and pauses payouts for a week', async () => {
    const me = await readyCreator({
      cents: 10_000,
      email: `jane${PayoutSandbox.failingPaypalSuffix}@example.com`,
    })
    const before = await t.data(payoutOverview, {}, { token: me.token })
    const payout = await t.data(
      requestPayout,
      { amount_cents: 4_000, method_id: me.methodId },
      { token: me.token, headers: idem() },
    )
    const failed = await waitForStatus(me.token, payout.payout_id, PayoutStatus.Failed)
    expect(failed.failure_reason).toBeTruthy()
    const overview = await t.data(payoutOverview, {}, { token: me.token })
    expect(overview.available_cents).toBe(before.available_cents)
    expect(overview.pending_cents).toBe(0)
    expect(overview.suspended_until).toBe(
      (failed.failed_at ?? 0) + PayoutRules.suspendAfterFailureDays * 86_400,
    )

    const good = await t.data(savePayoutPaypal, { email: 'jane.good@example.com' }, { token: me.token })
    const paused = await t.call(
      requestPayout,
      { amount_cents: 2_000, method_id: good.method_id },
      { token: me.token, headers: idem() },
    )
    expect(paused.body.error.code).toBe(ErrorCodes.PayoutsSuspended.code)
    const notes = await t.database.db.execute(
      sql`SELECT notify_type FROM notifications WHERE user_id = ${me.userId}`,
    )
    expect(
      (notes as unknown as { rows: Array<{ notify_type: number }> }).rows.map((r) => r.notify_type),
    ).toEqual([NotifyType.PayoutFailed])

    t.clock.advance(PayoutRules.suspendAfterFailureDays * 86_400_000 + 1_000)
    const resumed = await t.data(
      requestPayout,
      { amount_cents: 2_000, method_id: good.method_id },
      { token: me.token, headers: idem() },
    )
    await waitForStatus(me.token, resumed.payout_id, PayoutStatus.Paid)
    await expectCleanLedger()
  }, 40_000)

  it('serves concurrent requests only as far as the balance goes', async () => {
    const me = await readyCreator({ cents: 10_000 })
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call(
          requestPayout,
          { amount_cents: 3_000, method_id: me.methodId },
          { token: me.token, headers: idem() },
        ),
      ),
    )
    const codes = outcomes.map((r) => (r.status === 200 ? 'ok' : r.body.error.code))
    expect(codes.filter((c) => c === 'ok')).toHaveLength(3)
    expect(codes.filter((c) => c === ErrorCodes.PayoutOverBalance.code)).toHaveLength(5)
    expect((await t.data(payoutOverview, {}, { token: me.token })).available_cents).toBe(1_000)
    await expectCleanLedger()
  }, 40_000)
})

describe('clearing period', () => {
  const DAY_MS = 86_400_000

  it('keeps earnings pending for the clearing days after each sale, then lets them be withdrawn', async () => {
    const me = await readyCreator({ cents: 4_000 }) // an old sale: 4,000 cents cleared
    const sale = await giveEarnings(t, me.userId, 500, { cleared: false }) // 4,000 cents of today
    const saleAt = sale.transfer.createdAt.getTime()
    const overview = () => t.data(payoutOverview, {}, { token: me.token })
    expect(await overview()).toMatchObject({
      available_cents: 4_000,
      clearing_cents: 4_000,
      clearing_days: PayoutRules.clearingDays,
      next_clear_at: Math.floor((saleAt + PayoutRules.clearingDays * DAY_MS) / 1000),
    })

    // Within the wallet but beyond what cleared: its own code; beyond the wallet: over the balance.
    const ask = (amount: number) =>
      t.call(
        requestPayout,
        { amount_cents: amount, method_id: me.methodId },
        { token: me.token, headers: idem() },
      )
    const early = await ask(4_001)
    expect(early.status).toBe(409)
    expect(early.body.error).toMatchObject({
      code: ErrorCodes.PayoutNotCleared.code,
      message: ErrorCodes.PayoutNotCleared.message,
    })
    expect((await ask(8_001)).body.error.code).toBe(ErrorCodes.PayoutOverBalance.code)

    // A second short of the clearing days it is still pending; then it is available.
    t.clock.set(new Date(saleAt + PayoutRules.clearingDays * DAY_MS - 1_000))
    expect((await overview()).available_cents).toBe(4_000)
    t.clock.set(new Date(saleAt + PayoutRules.clearingDays * DAY_MS + 1_000))
    expect(await overview()).toMatchObject({ available_cents: 8_000, clearing_cents: 0, next_clear_at: null })
    const all = await ask(8_000)
    expect(all.status).toBe(200)
    await waitForStatus(me.token, all.body.data.payout_id, PayoutStatus.Paid)
    expect(await overview()).toMatchObject({ available_cents: 0, clearing_cents: 0 })
    // The statement: the request took the money; the payout sent says what was asked, the fee, what left.
    const lines = [
      { key: 'amount', amount: 8_000 },
      { key: 'payout_fee', amount: -PayoutRules.paypalUsFeeCents },
      { key: 'net', amount: 8_000 - PayoutRules.paypalUsFeeCents },
    ]
    const statement = await t.data(transactionsList, { filter: 'payouts' }, { token: me.token })
    expect(statement.list).toMatchObject([
      { kind: 'payout_paid', title: TransactionTexts.payoutPaid, amount: 0, lines },
      { kind: 'payout_request', title: TransactionTexts.payoutRequest, amount: -8_000, lines },
    ])
    await expectCleanLedger()
  }, 40_000)

  it('takes a reversed sale out of what is pending, not out of what cleared', async () => {
    const me = await readyCreator({ cents: 4_000 })
    const sale = await giveEarnings(t, me.userId, 250, { cleared: false }) // 2,000 cents of today
    const overview = () => t.data(payoutOverview, {}, { token: me.token })
    expect(await overview()).toMatchObject({ available_cents: 4_000, clearing_cents: 2_000 })
    await t.database.db.transaction((tx) =>
      t.app.services.money.sales.reverse(
        sale.transfer.idempotencyKey,
        { kind: TransferKind.Refund, key: `refund-${sale.transfer.id}`, description: 'Refund' },
        tx,
      ),
    )
    expect(await overview()).toMatchObject({ available_cents: 4_000, clearing_cents: 0 })
    await expectCleanLedger()
  })
})
