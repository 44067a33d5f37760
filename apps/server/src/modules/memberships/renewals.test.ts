/**
 * Renewals (DESIGN §8, spec §4/§9) with the sandbox card provider, the job handlers called directly: a
 * renewal charge extends the period (RENEWAL 2); a failed one puts the membership in grace with access
 * kept (PaymentFailed 27), retries daily, and ends it after 7 days (the fan stays a follower); the
 * pre-check sends PrePaymentFailed 26 once; a trial's first charge renews or ends it. The ledger stays clean.
 */
import {
  MembershipStatus,
  membershipPlanSave,
  NotifyType,
  SubscriptionEvent,
  trialLinkCreate,
  Visibility,
} from '@velvet/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger } from '../../test/money-factories.ts'
import { makePost } from '../../test/post-factories.ts'
import type { Account } from '../../test/social-factories.ts'
import { notifications } from '../notifications/schema.ts'
import { follows } from '../social/schema.ts'
import { addMonths, renewJob } from './billing.ts'
import { subscriptionEvents } from './schema.ts'
import {
  addCard,
  Cards,
  dropCard,
  makePlanCreator,
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
const renewals = () => t.app.services.money.memberships.renewals

async function notesOf(userId: number, type: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.notifyType, type)))
}

async function eventsOf(subscriptionId: number) {
  return t.database.db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
}

async function member(price: number, digits: string = Cards.ok) {
  const creator = await makePlanCreator(t, { price_usd: price })
  const post = await makePost(t, creator, { visibility: Visibility.Members })
  const fan = await makeAccount(t)
  const cardId = await addCard(t, fan, digits)
  const res = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: price * 100 })
  expect(res.body.data.status).toBe('succeeded')
  return { creator, fan, post, cardId }
}

const at = (date: Date, ms = 0) => t.clock.set(new Date(date.getTime() + ms))

it('renews at the period end: one RENEWAL charge, the next period, a renewal job per period', async () => {
  const { creator, fan, post } = await member(10)
  const row = await subscriptionRow(t, fan, creator)
  // Not due yet: nothing happens.
  expect(await renewals().renew(row.id)).toBe('skipped')
  at(row.periodEnd, 1_000)
  t.sentJobs.length = 0
  expect(await renewals().renew(row.id)).toBe('renewed')
  expect(await renewals().renew(row.id)).toBe('skipped')
  const after = await subscriptionRow(t, fan, creator)
  expect(after.periodStart).toEqual(row.periodEnd)
  expect(after.periodEnd).toEqual(addMonths(row.periodEnd, 1))
  expect(after).toMatchObject({ status: MembershipStatus.Active, lifetimeCents: 2000, failureCount: 0 })
  const events = await eventsOf(row.id)
  expect(events.map((e) => e.event).sort()).toEqual([SubscriptionEvent.Subscribe, SubscriptionEvent.Renewal])
  const renewal = t.sentJobs.find((job) => job.queue === renewJob.name)
  expect(renewal).toMatchObject({
    inTransaction: true,
    startAfter: after.periodEnd,
    singletonKey: `renew:${row.id}:${after.periodEnd.getTime()}`,
  })
  expect(await seesPost(t, fan, post.postId)).toBe(true)
  expect(await t.app.services.money.ledger.earningsCents(creator.userId)).toBe(1600)
  await expectCleanLedger(t)
})

it('a failed renewal: grace with access, PaymentFailed 27 once, daily retries, then ended as a follower', async () => {
  const { creator, fan, post, cardId } = await member(8)
  await addCard(t, fan, Cards.insufficient)
  await dropCard(t, fan, cardId)
  const row = await subscriptionRow(t, fan, creator)
  const graceUntil = new Date(row.periodEnd.getTime() + 7 * DAY_MS)

  at(row.periodEnd, 1_000)
  expect(await renewals().renew(row.id)).toBe('failed')
  let now = await subscriptionRow(t, fan, creator)
  expect(now).toMatchObject({ status: MembershipStatus.Grace, failureCount: 1, graceUntil })
  expect(now.nextChargeAt).toEqual(new Date(row.periodEnd.getTime() + 1_000 + DAY_MS))
  expect(await seesPost(t, fan, post.postId)).toBe(true)
  expect(await notesOf(fan.userId, NotifyType.PaymentFailed)).toHaveLength(1)

  // Retried once a day: still failing, still in grace, no second notification.
  for (let day = 1; day <= 6; day++) {
    at(row.periodEnd, day * DAY_MS + 2_000)
    expect(await renewals().renew(row.id)).toBe('failed')
  }
  now = await subscriptionRow(t, fan, creator)
  expect(now).toMatchObject({ status: MembershipStatus.Grace, failureCount: 7 })
  expect(now.nextChargeAt).toEqual(graceUntil)
  expect(await seesPost(t, fan, post.postId)).toBe(true)
  expect(await notesOf(fan.userId, NotifyType.PaymentFailed)).toHaveLength(1)

  at(graceUntil, 1_000)
  expect(await renewals().renew(row.id)).toBe('ended')
  now = await subscriptionRow(t, fan, creator)
  expect(now).toMatchObject({ status: MembershipStatus.Ended, nextChargeAt: null, lifetimeCents: 800 })
  expect(await seesPost(t, fan, post.postId)).toBe(false)
  const following = await t.database.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, fan.userId), eq(follows.followeeId, creator.userId)))
  expect(following).toHaveLength(1)
  expect((await eventsOf(row.id)).map((e) => e.event)).toEqual([SubscriptionEvent.Subscribe])
  await expectCleanLedger(t)
})

it('in grace, the fan pays the renewal by hand and is active again', async () => {
  const { creator, fan, cardId } = await member(6)
  const bad = await addCard(t, fan, Cards.insufficient)
  await dropCard(t, fan, cardId)
  const row = await subscriptionRow(t, fan, creator)
  at(row.periodEnd, 1_000)
  expect(await renewals().renew(row.id)).toBe('failed')
  await addCard(t, fan)
  await dropCard(t, fan, bad)
  const res = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 600 })
  expect(res.body.data.status).toBe('succeeded')
  const now = await subscriptionRow(t, fan, creator)
  expect(now).toMatchObject({ status: MembershipStatus.Active, failureCount: 0, graceUntil: null })
  expect(now.periodStart).toEqual(row.periodEnd)
  expect(now.periodEnd).toEqual(addMonths(row.periodEnd, 1))
  await expectCleanLedger(t)
})

it('the pre-check 24 h before the end sends PrePaymentFailed 26 once when no card can pay', async () => {
  const { creator, fan, cardId } = await member(5)
  const row = await subscriptionRow(t, fan, creator)
  at(row.periodEnd, -30 * 3_600_000)
  expect(await renewals().precheckDue()).toBe(0)
  await dropCard(t, fan, cardId)
  at(row.periodEnd, -23 * 3_600_000)
  expect(await renewals().precheckDue()).toBe(1)
  expect(await renewals().precheckDue()).toBe(0)
  expect(await renewals().precheck(row.id)).toBe(false)
  expect(await notesOf(fan.userId, NotifyType.PrePaymentFailed)).toHaveLength(1)
})

it('a trial charges the monthly price at its end, or ends at once when the card fails (no grace)', async () => {
  const creator = await makePlanCreator(t, { price_usd: 4 })
  const trial = await t.call(trialLinkCreate, { days: 3, max_uses: 5 }, { token: creator.token })
  const code: string = trial.body.data.trial.code
  const trialFan = async (digits: string): Promise<Account> => {
    const fan = await makeAccount(t)
    await addCard(t, fan, digits)
    const res = await subscribe(t, fan, { creator_id: creator.userId, trial_code: code, expected_cents: 0 })
    expect(res.body.data.status).toBe('succeeded')
    return fan
  }
  const good = await trialFan(Cards.ok)
  const bad = await trialFan(Cards.insufficient)
  // The price changes after the trials started: they renew at the price they were offered at.
  await t.call(membershipPlanSave, { price_usd: 9 }, { token: creator.token })
  const goodRow = await subscriptionRow(t, good, creator)
  const badRow = await subscriptionRow(t, bad, creator)
  at(badRow.periodEnd > goodRow.periodEnd ? badRow.periodEnd : goodRow.periodEnd, 60_000)
  expect(await renewals().renew(goodRow.id)).toBe('renewed')
  expect(await renewals().renew(badRow.id)).toBe('ended')
  expect(await subscriptionRow(t, good, creator)).toMatchObject({
    status: MembershipStatus.Active,
    onTrial: false,
    lifetimeCents: 400,
  })
  expect(await subscriptionRow(t, bad, creator)).toMatchObject({ status: MembershipStatus.Ended })
  await expectCleanLedger(t)
})
