/**
 * Notification e-mails end to end: HTTP calls on a real database, the real job queue and a real SMTP server.
 * A new member, a failed renewal and a payout each mail their user once, with spec §5 link parameters and
 * the RFC 8058 headers; the visible unsubscribe link turns the category off and resubscribing turns it back
 * on; the day's sales make one earnings summary; opted-out, deleted and guest accounts get nothing.
 */
import {
  deleteAccount,
  EmailTemplates,
  NotifyType,
  requestPayout,
  resubscribeEmail,
  savePayoutPaypal,
  savePayoutTax,
  sendDeleteAccountCode,
  unsubscribeEmail,
  unsubscribeInfo,
  updateEmailPreferences,
} from '@velvet/contract'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import type { ParsedMail } from '../../test/mail-parse.ts'
import type { Account } from '../../test/social-factories.ts'
import {
  addCard,
  Cards,
  dropCard,
  makePlanCreator,
  subscribe,
  subscriptionRow,
} from '../memberships/test-support.ts'
import { notifications } from '../notifications/schema.ts'
import { giveEarnings, idem, W9_FORM } from '../payouts/test-factories.ts'
import { pacificDay, pacificDayLabel } from './plans.ts'
import {
  clockHoursAgo,
  linkTo,
  mailsTo,
  unsubscribeParams,
  waitFor,
  waitForJob,
  waitForMail,
} from './test-support.ts'

const PUBLIC_URL = 'https://velvet.example'
const POSTAL_ADDRESS = 'Velvet Test Ltd, 1 Loopback Lane, Localhost'
let t: TestApp

beforeAll(async () => {
  t = await startTestApp(
    {
      PUBLIC_URL,
      APP_SECRET: 'test-app-secret-0123456789-abcdefghij',
      PAYMENTS_SANDBOX_DELAY_MS: '-1',
      MAIL_POSTAL_ADDRESS: POSTAL_ADDRESS,
    },
    { jobs: true },
  )
  // Summaries are due the morning after their (Pacific) day: a clock three days back makes them due now.
  clockHoursAgo(t, 72)
}, 60_000)
afterAll(() => t?.close())

const query = (url: URL) => Object.fromEntries(url.searchParams)

/**
 * The id of a user's `nth` notification of a type, once it exists (notices of a payment come from a job).
 * Its mail job is `email.notice.<id>`.
 */
function nthNotice(userId: number, type: number, nth = 1): Promise<number> {
  return waitFor(`notification ${type} #${nth} for ${userId}`, async () => {
    const rows = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.notifyType, type)))
      .orderBy(asc(notifications.id))
    return rows[nth - 1]?.id
  })
}

function expectOneClick(mail: ParsedMail, userId: number, category: string) {
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  const header = mail.headers['list-unsubscribe'] ?? ''
  expect(header).toMatch(/^<.*>$/)
  const target = new URL(header.slice(1, -1))
  expect(`${target.origin}${target.pathname}`).toBe(`${PUBLIC_URL}/fapi/core/account/email/one_click/`)
  expect(target.searchParams.get('u')).toBe(String(userId))
  expect(target.searchParams.get('c')).toBe(category)
  return target
}

async function newMember(creator: Account) {
  const fan = await makeAccount(t)
  await addCard(t, fan)
  const res = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 900 })
  expect(res.body.data.status).toBe('succeeded')
  return fan
}

describe('a new member', () => {
  it('is mailed to the creator once, with the create link, one-click headers and a working unsubscribe', async () => {
    const creator = await makePlanCreator(t, { price_usd: 9 })
    await newMember(creator)
    const [mail] = await waitForMail(t, creator.email, 'notice')
    if (!mail) throw new Error('no mail')
    expect(mail.to).toEqual([creator.email])
    expect(mail.subject).toBe('Member subscribed to you for US$9.00')
    expect(query(linkTo(mail, '/subs/subscribers'))).toEqual({
      t: EmailTemplates.newMember,
      open_create: '1',
      sc: 'email',
      s: String(creator.userId),
    })
    expect(mail.html).toContain(
      `/subs/subscribers?t=new_member&amp;open_create=1&amp;sc=email&amp;s=${creator.userId}`,
    )
    expectOneClick(mail, creator.userId, 'subscriptions')
    expect(mail.html).toContain(`${POSTAL_ADDRESS}</p>`)
    expect(mail.text).toContain(POSTAL_ADDRESS)

    // The visible link: the page's info, then unsubscribe. The next new member sends nothing.
    const link = unsubscribeParams(mail)
    expect(link.c).toBe('subscriptions')
    expect((await t.call(unsubscribeInfo, link)).body.data.subscribed).toBe(true)
    expect((await t.call(unsubscribeEmail, link)).body.data).toEqual({
      category: 'subscriptions',
      subscribed: false,
    })
    await newMember(creator)
    await waitForJob(t, `email.notice.${await nthNotice(creator.userId, NotifyType.NewMember, 2)}`)
    expect(mailsTo(t, creator.email, 'notice')).toHaveLength(1)

    // Resubscribing from the same link: the third member is mailed again.
    expect((await t.call(resubscribeEmail, link)).body.data).toEqual({
      category: 'subscriptions',
      subscribed: true,
    })
    await newMember(creator)
    const mails = await waitForMail(t, creator.email, 'notice', 2)
    expect(mails).toHaveLength(2)

    // Three memberships in one day: one earnings summary (the job is named by the creator and the day).
    const day = pacificDay(t.clock.now())
    await waitForJob(t, `email.earnings.${creator.userId}.${day.start.getTime()}`)
    const summaries = mailsTo(t, creator.email, 'earnings')
    expect(summaries).toHaveLength(1)
    const summary = summaries[0] as ParsedMail
    expect(summary.subject).toMatch(
      new RegExp(`^You earned US\\$\\d+\\.\\d\\d on ${pacificDayLabel(day.start)}$`),
    )
    expect(query(linkTo(summary, '/pay/wallet'))).toEqual({
      t: EmailTemplates.earnings,
      sc: 'email',
      s: String(creator.userId),
    })
    expectOneClick(summary, creator.userId, 'earnings')
  })

  it('takes the one-click unsubscribe of a mail provider from the headers of the mail itself', async () => {
    const creator = await makePlanCreator(t, { price_usd: 9 })
    await newMember(creator)
    const [mail] = await waitForMail(t, creator.email, 'notice')
    const target = expectOneClick(mail as ParsedMail, creator.userId, 'subscriptions')
    const res = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    expect(await t.app.services.emailPreferences.wantsEmail(creator.userId, 'subscriptions')).toBe(false)
    expect(await t.app.services.emailPreferences.wantsEmail(creator.userId, 'earnings')).toBe(true)
  })
})

describe('a failed renewal', () => {
  it('is mailed to the fan with the renewal link of that creator', async () => {
    const creator = await makePlanCreator(t, { price_usd: 8 })
    const fan = await makeAccount(t)
    const good = await addCard(t, fan)
    expect(
      (await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 800 })).body.data.status,
    ).toBe('succeeded')
    await addCard(t, fan, Cards.insufficient)
    await dropCard(t, fan, good)
    const row = await subscriptionRow(t, fan, creator)
    const before = t.clock.now()
    t.clock.set(new Date(row.periodEnd.getTime() + 1_000))
    expect(await t.app.services.money.memberships.renewals.renew(row.id)).toBe('failed')
    t.clock.set(before)

    const [mail] = await waitForMail(t, fan.email, 'notice')
    if (!mail) throw new Error('no mail')
    expect(mail.subject).toBe('We couldn’t renew your membership with Member')
    expect(query(linkTo(mail, '/subs/subscriptions'))).toEqual({
      t: EmailTemplates.paymentFailed,
      target_user_id: String(creator.userId),
      sc: 'email',
      s: String(fan.userId),
    })
    expectOneClick(mail, fan.userId, 'subscriptions')
  })
})

describe('payouts', () => {
  async function withdraw(creator: Account) {
    await giveEarnings(t, creator.userId, 1_000)
    expect((await t.call(savePayoutTax, W9_FORM, { token: creator.token })).status).toBe(200)
    const method = await t.call(
      savePayoutPaypal,
      { email: `${creator.userName}@example.com` },
      { token: creator.token },
    )
    const res = await t.call(
      requestPayout,
      { amount_cents: 2_000, method_id: method.body.data.method_id },
      { token: creator.token, headers: idem() },
    )
    expect(res.status).toBe(200)
  }

  it('mails a creator whose withdrawal was sent', async () => {
    const creator = await makePlanCreator(t, { price_usd: 5 })
    await withdraw(creator)
    const [mail] = await waitForMail(t, creator.email, 'notice')
    if (!mail) throw new Error('no mail')
    expect(mail.subject).toBe('Your withdrawal is on its way')
    expect(query(linkTo(mail, '/pay/payout'))).toEqual({
      t: EmailTemplates.payout,
      open_create: '1',
      sc: 'email',
      s: String(creator.userId),
    })
    expectOneClick(mail, creator.userId, 'earnings')
  })

  it('mails nothing to a creator who turned earnings e-mails off', async () => {
    const creator = await makePlanCreator(t, { price_usd: 5 })
    const off = await t.call(
      updateEmailPreferences,
      { preferences: { earnings: false } },
      { token: creator.token },
    )
    expect(off.body.data.preferences.earnings).toBe(false)
    await withdraw(creator)
    await waitForJob(t, `email.notice.${await nthNotice(creator.userId, NotifyType.PayoutPaid)}`)
    expect(mailsTo(t, creator.email)).toEqual([])
  })
})

describe('who is never mailed', () => {
  const job = (userId: number) => ({
    kind: 'notice' as const,
    user_id: userId,
    notification_id: 1,
    template: EmailTemplates.payout,
    notify_type: NotifyType.PayoutPaid,
    title: 'Withdrawal sent',
    summary: 'On its way.',
    target_user_id: null,
  })

  it('skips deleted accounts and guests (no verified address)', async () => {
    const gone = await makeAccount(t)
    expect((await t.call(sendDeleteAccountCode, {}, { token: gone.token })).status).toBe(200)
    const code = /^(\d{6}) /.exec(t.smtp.inbox.findLast((m) => m.to.includes(gone.email))?.subject ?? '')?.[1]
    expect((await t.call(deleteAccount, { code }, { token: gone.token })).status).toBe(200)
    const guest = await makeGuest(t)
    const before = t.smtp.inbox.length
    expect(await t.app.services.emails.deliver(job(gone.userId))).toBe('not_wanted')
    expect(await t.app.services.emails.deliver(job(guest.user_id))).toBe('not_wanted')
    expect(t.smtp.inbox).toHaveLength(before)
  })
})
