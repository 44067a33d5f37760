/**
 * Memberships through HTTP on a real database with the sandbox card provider: plan rules, free-trial
 * links, subscribing (success, promo, bundle, decline, 3DS), replays of one Idempotency-Key, the fan's
 * and the creator's lists, auto-renew off, members-only posts, and a clean ledger after all of it.
 */
import {
  ErrorCodes,
  MembershipRules,
  membershipOffer,
  membershipPlanMine,
  membershipPlanSave,
  NotifyType,
  PaymentTexts,
  paymentStatus,
  referralEarnings,
  subscriberList,
  subscriptionAutoRenew,
  subscriptionDetail,
  subscriptionList,
  trialLinkCreate,
  trialLinkList,
  trialLinkRevoke,
  Visibility,
  walletSummary,
} from '@velvet/contract'
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger } from '../../test/money-factories.ts'
import { makePost } from '../../test/post-factories.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { notifications } from '../notifications/schema.ts'
import { payments } from '../payments/schema.ts'
import { follows } from '../social/schema.ts'
import { addMonths, type NotifyJob, notifyJob } from './billing.ts'
import {
  addCard,
  Cards,
  makePlanCreator,
  newKey,
  seesPost,
  subscribe,
  subscriptionRow,
} from './test-support.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ PAYMENTS_SANDBOX_DELAY_MS: '-1' })
})
afterAll(async () => {
  await t?.close()
})

const DAY_MS = 86_400_000
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)
const service = () => t.app.services.money.memberships

/** Runs the notification jobs the app recorded (the queue is not running in this file). */
async function runNotifyJobs() {
  const jobs = t.sentJobs.filter((job) => job.queue === notifyJob.name)
  t.sentJobs.splice(0, t.sentJobs.length, ...t.sentJobs.filter((job) => job.queue !== notifyJob.name))
  for (const job of jobs) await service().renewals.notifyPaid(job.data as NotifyJob)
  return jobs.length
}

describe('plans', () => {
  it('takes $1-$1,000 with the spec text, bundles once each, a promo that ends in the future', async () => {
    const creator = await makeCreator(t)
    const unverified = await t.call(membershipPlanSave, { price_usd: 5 }, { token: creator.token })
    expect(unverified.body.error.code).toBe(ErrorCodes.CreatorNotVerified.code)

    const verified = await makePlanCreator(t, { price_usd: 5 })
    for (const price of [0.5, 1000.01, 4.999]) {
      const res = await t.call(membershipPlanSave, { price_usd: price }, { token: verified.token })
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toContain(MembershipRules.priceMessage)
    }
    const twice = await t.call(
      membershipPlanSave,
      {
        price_usd: 5,
        bundles: [
          { months: 3, discount_percent: 10 },
          { months: 3, discount_percent: 20 },
        ],
      },
      { token: verified.token },
    )
    expect(twice.status).toBe(400)
    const pastPromo = await t.call(
      membershipPlanSave,
      { price_usd: 5, promo: { percent_off: 50, ends_at: nowSeconds() - 10 } },
      { token: verified.token },
    )
    expect(pastPromo.status).toBe(400)
    // An end past any date (the fuzz test's find: it made an Invalid Date and a 500) is a field error too.
    const noDate = await t.call(
      membershipPlanSave,
      { price_usd: 1, promo: { percent_off: 5, ends_at: 8_640_000_000_001 } },
      { token: verified.token },
    )
    expect(noDate.status).toBe(400)
    expect(noDate.body.error.fields?.[0]?.field).toBe('promo.ends_at')

    const saved = await t.call(
      membershipPlanSave,
      {
        price_usd: 4.99,
        bundles: [
          { months: 12, discount_percent: 25 },
          { months: 3, discount_percent: 10 },
        ],
        promo: { percent_off: 50, ends_at: nowSeconds() + 7 * 86_400 },
      },
      { token: verified.token },
    )
    expect(saved.status).toBe(200)
    expect(saved.body.data.plan).toEqual({
      price_cents: 499,
      bundles: [
        { months: 3, discount_percent: 10, total_cents: 1347 },
        { months: 12, discount_percent: 25, total_cents: 4491 },
      ],
      promo: { percent_off: 50, ends_at: expect.any(Number), first_month_cents: 249 },
    })
    const mine = await t.call(membershipPlanMine, {}, { token: verified.token })
    expect(mine.body.data.plan.price_cents).toBe(499)
    expect(mine.body.data.promo_input.percent_off).toBe(50)
  })
})

describe('subscribing by card', () => {
  it('charges the price the fan saw once per key, follows, opens members-only posts, pays the creator', async () => {
    const creator = await makePlanCreator(t, { price_usd: 10 })
    const post = await makePost(t, creator, { visibility: Visibility.Members })
    const fan = await makeAccount(t)
    const noCard = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 1000 })
    expect(noCard.body.error.code).toBe(ErrorCodes.NoUsableCard.code)
    await addCard(t, fan)
    expect(await seesPost(t, fan, post.postId)).toBe(false)

    const stale = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 900 })
    expect(stale.body.error.code).toBe(ErrorCodes.MembershipPriceChanged.code)
    const key = newKey()
    const at = t.clock.now()
    const first = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 1000 }, key)
    expect(first.body.data).toEqual({
      status: 'succeeded',
      action_url: null,
      message: null,
      amount_cents: 1000,
    })
    const replay = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 1000 }, key)
    expect(replay.body.data).toEqual(first.body.data)
    const otherBody = await subscribe(
      t,
      fan,
      { creator_id: creator.userId, option: 'bundle', months: 3, expected_cents: 1 },
      key,
    )
    expect(otherBody.body.error.code).toBe(ErrorCodes.IdempotencyKeyReused.code)
    const again = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 1000 })
    expect(again.body.error.code).toBe(ErrorCodes.AlreadyMember.code)

    expect(await seesPost(t, fan, post.postId)).toBe(true)
    const followRow = await t.database.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, fan.userId), eq(follows.followeeId, creator.userId)))
    expect(followRow).toHaveLength(1)
    expect(await t.app.services.money.ledger.earningsCents(creator.userId)).toBe(800)

    const row = await subscriptionRow(t, fan, creator)
    expect(row.periodEnd).toEqual(addMonths(at, 1))
    const detail = await t.call(subscriptionDetail, { creator_id: creator.userId }, { token: fan.token })
    expect(detail.body.data.subscription).toMatchObject({
      status: 'active',
      auto_renew: true,
      renew_cents: 1000,
      lifetime_cents: 1000,
    })
    expect(detail.body.data.charges).toEqual([
      expect.objectContaining({ event: 1, amount_cents: 1000, trial: false }),
    ])
    const mine = await t.call(subscriptionList, {}, { token: fan.token })
    expect(mine.body.data.list.map((s: { creator: { user_id: number } }) => s.creator.user_id)).toEqual([
      creator.userId,
    ])
    const members = await t.call(subscriberList, {}, { token: creator.token })
    expect(members.body.data).toMatchObject({ active: 1, in_grace: 0, has_next: false })
    expect(members.body.data.list[0]).toMatchObject({
      user_id: fan.userId,
      status: 'active',
      lifetime_cents: 1000,
    })

    expect(await runNotifyJobs()).toBe(1)
    // The creator hears of the new member (and, as the fan follows too, of a new follower).
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, creator.userId), eq(notifications.notifyType, NotifyType.NewMember)),
      )
    expect(note?.parts.middle.summary).toBe('subscribed to you for US$10.00')
    expect(note?.content).toBe('')
    await expectCleanLedger(t)
  })

  it('gives the promo to new members only and sells bundles at their discount', async () => {
    const creator = await makePlanCreator(t, {
      price_usd: 20,
      bundles: [{ months: 6, discount_percent: 20 }],
      promo: { percent_off: 50, ends_at: nowSeconds() + 3 * 86_400 },
    })
    const fan = await makeAccount(t)
    await addCard(t, fan)
    const offer = await t.call(membershipOffer, { user_id: creator.userId }, { token: fan.token })
    expect(offer.body.data).toMatchObject({ is_new_member: true, subscription: null, trial: null })
    expect(offer.body.data.plan.promo.first_month_cents).toBe(1000)
    const full = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 2000 })
    expect(full.body.error.code).toBe(ErrorCodes.MembershipPriceChanged.code)
    const promo = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 1000 })
    expect(promo.body.data.status).toBe('succeeded')
    expect((await subscriptionRow(t, fan, creator)).renewCents).toBe(2000)

    const bundleFan = await makeAccount(t)
    await addCard(t, bundleFan)
    const at = t.clock.now()
    const bundle = await subscribe(t, bundleFan, {
      creator_id: creator.userId,
      option: 'bundle',
      months: 6,
      expected_cents: 9600,
    })
    expect(bundle.body.data.status).toBe('succeeded')
    const row = await subscriptionRow(t, bundleFan, creator)
    expect(row.months).toBe(6)
    expect(row.periodEnd).toEqual(addMonths(at, 6))
    await expectCleanLedger(t)
  })

  it('shows the spec text for a declined card and starts nothing', async () => {
    const creator = await makePlanCreator(t, { price_usd: 7 })
    const post = await makePost(t, creator, { visibility: Visibility.Members })
    const fan = await makeAccount(t)
    await addCard(t, fan, Cards.insufficient)
    const res = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 700 })
    expect(res.body.data).toMatchObject({ status: 'failed', message: PaymentTexts.insufficientFunds })
    expect(await seesPost(t, fan, post.postId)).toBe(false)
    const detail = await t.call(subscriptionDetail, { creator_id: creator.userId }, { token: fan.token })
    expect(detail.body.error.code).toBe(ErrorCodes.SubscriptionNotFound.code)
  })

  it('asks for 3DS, then starts the membership once the challenge passes', async () => {
    const creator = await makePlanCreator(t, { price_usd: 12 })
    const post = await makePost(t, creator, { visibility: Visibility.Members })
    const fan = await makeAccount(t)
    await addCard(t, fan, Cards.threeDs)
    const res = await subscribe(t, fan, {
      creator_id: creator.userId,
      expected_cents: 1200,
      return_path: `/subs/subs_detail?user_id=${creator.userId}`,
    })
    expect(res.body.data.status).toBe('requires_action')
    const actionUrl: string = res.body.data.action_url
    const chargeId = new URL(actionUrl).pathname.split('/').at(-1) ?? ''
    expect(await seesPost(t, fan, post.postId)).toBe(false)
    const passed = await t.app.services.money.payments.sandbox.authenticate(chargeId, true)
    if (!('returnUrl' in passed)) throw new Error('3DS page refused')
    const back = new URL(passed.returnUrl)
    expect(back.pathname).toBe('/subs/subs_detail')
    const paymentId = Number(back.searchParams.get('payment_id'))
    const status = await t.call(paymentStatus, { payment_id: paymentId }, { token: fan.token })
    expect(status.body.data.status).toBe('succeeded')
    expect(await seesPost(t, fan, post.postId)).toBe(true)
    await expectCleanLedger(t)
  })
})

async function lastPaymentId(fan: Account): Promise<number> {
  const rows = await t.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.userId, fan.userId))
    .orderBy(desc(payments.id))
    .limit(1)
  return rows[0]?.id ?? 0
}

describe('one payment per membership', () => {
  it('charges once when two subscribes with different keys race, or while a 3DS page is still open', async () => {
    const creator = await makePlanCreator(t, { price_usd: 9 })
    const fan = await makeAccount(t)
    await addCard(t, fan)
    const input = { creator_id: creator.userId, expected_cents: 900 }
    const answers = await Promise.all(Array.from({ length: 4 }, () => subscribe(t, fan, input)))
    const succeeded = answers.filter((res) => res.body.data?.status === 'succeeded')
    expect(succeeded).toHaveLength(1)
    for (const res of answers.filter((r) => r.body.result === 'error'))
      expect([ErrorCodes.AlreadyMember.code, ErrorCodes.MembershipPaymentPending.code]).toContain(
        res.body.error.code,
      )
    expect(await t.app.services.money.ledger.earningsCents(creator.userId)).toBe(720)

    // A 3DS payment left open on its hosted page blocks a second subscribe to the same creator.
    const other = await makePlanCreator(t, { price_usd: 5 })
    const slow = await makeAccount(t)
    await addCard(t, slow, Cards.threeDs)
    const first = await subscribe(t, slow, { creator_id: other.userId, expected_cents: 500 })
    expect(first.body.data.status).toBe('requires_action')
    const second = await subscribe(t, slow, { creator_id: other.userId, expected_cents: 500 })
    expect(second.body.error.code).toBe(ErrorCodes.MembershipPaymentPending.code)
    // Once that page fails, the fan may try again.
    const chargeId = new URL(first.body.data.action_url).pathname.split('/').at(-1) ?? ''
    await t.app.services.money.payments.sandbox.authenticate(chargeId, false)
    const paymentId = await lastPaymentId(slow)
    await t.call(paymentStatus, { payment_id: paymentId }, { token: slow.token })
    const third = await subscribe(t, slow, { creator_id: other.userId, expected_cents: 500 })
    expect(third.body.data.status).toBe('requires_action')
    await expectCleanLedger(t)
  })
})

describe('chargebacks', () => {
  it("end the membership and take the creator's share back (what the wallet lacks is the platform's loss)", async () => {
    const creator = await makePlanCreator(t, { price_usd: 25 })
    const referrer = await makeCreator(t)
    await t.database.db.execute(
      sql`INSERT INTO referrals (referred_id, referrer_id, source, created_at) VALUES (${creator.userId}, ${referrer.userId}, 1, now())`,
    )
    const post = await makePost(t, creator, { visibility: Visibility.Members })
    const fan = await makeAccount(t)
    await addCard(t, fan)
    await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 2500 })
    expect(await earningsOf(creator.userId)).toBe(2000)
    expect(await earningsOf(referrer.userId)).toBe(100)
    const spent = async () =>
      (await t.call(walletSummary, {}, { token: fan.token })).body.data.spent_cents_30d
    const referred = async () =>
      (await t.call(referralEarnings, {}, { token: referrer.token })).body.data.list[0]
    expect(await spent()).toBe(2500)
    expect(await referred()).toMatchObject({ sales: 1, earned_cents: 100 })
    const payments = t.app.services.money.payments
    const found = (await t.database.db.execute(
      sql`SELECT provider_ref FROM payments WHERE user_id = ${fan.userId} AND purpose = 'membership'`,
    )) as unknown as { rows: { provider_ref: string }[] }
    expect(await payments.sandbox.dispute(found.rows[0]?.provider_ref ?? '')).toBe(true)
    const dispute = payments.sandbox.sent.filter((e) => e.type === 'charge.disputed').at(-1)
    if (!dispute) throw new Error('no dispute event')
    await payments.handleEvent(dispute)
    await payments.handleEvent(dispute)

    expect(await earningsOf(creator.userId)).toBe(0)
    expect(await earningsOf(referrer.userId)).toBe(0)
    // The reversed sale leaves the fan's spent level and the referrer's earnings (still one sale listed).
    expect(await spent()).toBe(0)
    expect(await referred()).toMatchObject({ sales: 1, earned_cents: 0 })
    expect(await seesPost(t, fan, post.postId)).toBe(false)
    expect(await subscriptionRow(t, fan, creator)).toMatchObject({ status: 3, nextChargeAt: null })
    const reversals = (await t.database.db.execute(
      sql`SELECT meta FROM ledger_transfers WHERE kind = ${TransferKind.Chargeback} AND actor_user_id = ${fan.userId}`,
    )) as unknown as { rows: { meta: Record<string, number> }[] }
    expect(reversals.rows).toHaveLength(1)
    expect(reversals.rows[0]?.meta).toMatchObject({
      gross_cents: -2500,
      net_cents: -2000,
      referral_cents: -100,
      referrer_id: referrer.userId,
      loss_cents: 0,
    })
    await expectCleanLedger(t)
  })
})

describe('free trials', () => {
  it('starts a trial without a charge for a new member with a card, once per fan, within its uses', async () => {
    const creator = await makePlanCreator(t, { price_usd: 15 })
    const post = await makePost(t, creator, { visibility: Visibility.Members })
    const created = await t.call(trialLinkCreate, { days: 7, max_uses: 1 }, { token: creator.token })
    expect(created.status).toBe(200)
    const code: string = created.body.data.trial.code
    expect(created.body.data.trial.path).toBe(`/subs/subs_detail?user_id=${creator.userId}&trial=${code}`)
    const tooLong = await t.call(trialLinkCreate, { days: 31, max_uses: 1 }, { token: creator.token })
    expect(tooLong.status).toBe(400)

    const fan = await makeAccount(t)
    const offer = await t.call(
      membershipOffer,
      { user_id: creator.userId, trial: code },
      { token: fan.token },
    )
    expect(offer.body.data.trial).toEqual({ code, days: 7 })
    const noCard = await subscribe(t, fan, {
      creator_id: creator.userId,
      trial_code: code,
      expected_cents: 0,
    })
    expect(noCard.body.error.code).toBe(ErrorCodes.MembershipCardRequired.code)
    await addCard(t, fan)
    const started = await subscribe(t, fan, {
      creator_id: creator.userId,
      trial_code: code,
      expected_cents: 0,
    })
    expect(started.body.data).toMatchObject({ status: 'succeeded', amount_cents: 0 })
    expect(await seesPost(t, fan, post.postId)).toBe(true)
    const row = await subscriptionRow(t, fan, creator)
    expect(row).toMatchObject({ onTrial: true, renewCents: 1500, lifetimeCents: 0 })
    expect(row.periodEnd.getTime() - t.clock.now().getTime()).toBe(7 * DAY_MS)

    const other = await makeAccount(t)
    await addCard(t, other)
    const usedUp = await subscribe(t, other, {
      creator_id: creator.userId,
      trial_code: code,
      expected_cents: 0,
    })
    expect(usedUp.body.error.code).toBe(ErrorCodes.TrialNotValid.code)
    const list = await t.call(trialLinkList, {}, { token: creator.token })
    expect(list.body.data.list[0]).toMatchObject({ code, uses: 1, max_uses: 1 })
    const revoked = await t.call(trialLinkRevoke, { code }, { token: creator.token })
    expect(revoked.body.data.trial.revoked).toBe(true)
    expect(await earningsOf(creator.userId)).toBe(0)
  })
})

describe('auto-renew off', () => {
  it('ends the membership at the period end without a charge; the fan keeps following', async () => {
    const creator = await makePlanCreator(t, { price_usd: 3 })
    const post = await makePost(t, creator, { visibility: Visibility.Members })
    const free = await makePost(t, creator, { visibility: Visibility.Everyone })
    const fan = await makeAccount(t)
    await addCard(t, fan)
    await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 300 })
    const off = await t.call(
      subscriptionAutoRenew,
      { creator_id: creator.userId, auto_renew: false },
      { token: fan.token },
    )
    expect(off.body.data.subscription).toMatchObject({
      auto_renew: false,
      next_charge_at: null,
      status: 'active',
    })
    const row = await subscriptionRow(t, fan, creator)

    t.clock.set(new Date(row.periodEnd.getTime() + 1_000))
    expect(await service().renewals.renew(row.id)).toBe('ended')
    expect(await seesPost(t, fan, post.postId)).toBe(false)
    expect(await seesPost(t, fan, free.postId)).toBe(true)
    const after = await subscriptionRow(t, fan, creator)
    expect(after).toMatchObject({ status: 3, lifetimeCents: 300, nextChargeAt: null })
    const ended = await t.call(subscriptionList, { status: 'ended' }, { token: fan.token })
    expect(ended.body.data.list).toHaveLength(1)
    const back = await t.call(
      subscriptionAutoRenew,
      { creator_id: creator.userId, auto_renew: true },
      { token: fan.token },
    )
    expect(back.body.error.code).toBe(ErrorCodes.MembershipEnded.code)
    const offer = await t.call(membershipOffer, { user_id: creator.userId }, { token: fan.token })
    expect(offer.body.data).toMatchObject({ is_new_member: false, subscription: { status: 'ended' } })
    await expectCleanLedger(t)
  })
})

async function earningsOf(userId: number) {
  return t.app.services.money.ledger.earningsCents(userId)
}
