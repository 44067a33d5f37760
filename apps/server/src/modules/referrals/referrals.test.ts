/**
 * Referrals through HTTP on a real database: codes, recording who referred whom (a link, or the
 * host-verification answer), the 5% share of a referred creator's sales for 12 months (ledger/sales.ts asks
 * `referrerOf`), and the referrer's stats and earnings list.
 */
import {
  acceptCreatorAgreement,
  Creator,
  ErrorCodes,
  referralBind,
  referralEarnings,
  referralLink,
  referralResolve,
  setCreatorReferrer,
  setCreatorSocial,
  UserRole,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makeCreator } from '../../test/social-factories.ts'
import { users } from '../auth/schema.ts'
import { creatorVerifications } from '../creator/schema.ts'
import { giveEarnings, ledgerAudit } from '../payouts/test-factories.ts'

let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
}, 60_000)
afterAll(() => t.close())

const becomeCreator = (userId: number) =>
  t.database.db.update(users).set({ userRole: UserRole.Creator }).where(eq(users.id, userId))

/** Host verification that names `referrer` in its referrer step, then approval. */
async function becomeCreatorNaming(
  applicant: { userId: number; token: string },
  referrer: { userName: string },
) {
  for (const [call, input] of [
    [acceptCreatorAgreement, { version: Creator.agreementVersion }],
    [setCreatorSocial, { platform: 'instagram', handle: '@someone' }],
    [setCreatorReferrer, { referred: true, code: referrer.userName }],
  ] as const)
    await t.data(call, input, { token: applicant.token })
  await becomeCreator(applicant.userId)
}

describe('referral codes', () => {
  it('resolves a creator by username and refuses unknown codes and non-creators', async () => {
    const referrer = await makeCreator(t)
    const fan = await makeAccount(t)
    const found = await t.data(
      referralResolve,
      { code: referrer.userName.toUpperCase() },
      { token: fan.token },
    )
    expect(found.referrer).toMatchObject({ user_id: referrer.userId, user_name: referrer.userName })
    expect(
      (await t.call(referralResolve, { code: 'nobody_at_all' }, { token: fan.token })).body.error.code,
    ).toBe(ErrorCodes.ReferralCodeUnknown.code)
    expect(
      (await t.call(referralResolve, { code: fan.userName }, { token: referrer.token })).body.error.code,
    ).toBe(ErrorCodes.ReferralCodeUnknown.code)
  })

  it('records one referrer per user, never oneself, and only before becoming a creator', async () => {
    const a = await makeCreator(t)
    const b = await makeCreator(t)
    const fan = await makeAccount(t)
    expect((await t.call(referralBind, { code: a.userName }, { token: a.token })).body.error.code).toBe(
      ErrorCodes.ReferralSelf.code,
    )
    expect((await t.call(referralBind, { code: a.userName }, { token: b.token })).body.error.code).toBe(
      ErrorCodes.ReferralClosed.code,
    )
    await t.data(referralBind, { code: a.userName }, { token: fan.token })
    await t.data(referralBind, { code: a.userName }, { token: fan.token })
    expect((await t.call(referralBind, { code: b.userName }, { token: fan.token })).body.error.code).toBe(
      ErrorCodes.ReferralAlreadySet.code,
    )
    const [row] = await t.database.db.select().from(users).where(eq(users.id, fan.userId))
    expect(row?.referrerCode).toBe(a.userName)
  })
})

describe('referral earnings', () => {
  it('gives the referrer 5% of a referred creator’s net for 12 months, out of the platform part', async () => {
    const referrer = await makeCreator(t)
    const referred = await makeAccount(t)
    await t.data(referralBind, { code: referrer.userName }, { token: referred.token })
    await becomeCreator(referred.userId)

    const sale = await giveEarnings(t, referred.userId, 1_000) // US$100 gross
    expect(sale.lines).toMatchObject({
      gross_cents: 10_000,
      net_cents: 8_000,
      referral_cents: 400,
      fee_cents: 1_600,
    })
    expect(sale.lines.referrer_id).toBe(referrer.userId)
    expect(await t.app.services.money.ledger.earningsCents(referrer.userId)).toBe(400)

    const link = await t.data(referralLink, {}, { token: referrer.token })
    expect(link).toMatchObject({
      can_refer: true,
      code: referrer.userName,
      link_path: `/ref/${referrer.userName}`,
      referred: 1,
      earning: 1,
      earned_cents: 400,
      share_bps: 500,
      months: 12,
    })
    const earnings = await t.data(referralEarnings, {}, { token: referrer.token })
    expect(earnings.list).toMatchObject([
      { user: { user_id: referred.userId }, is_creator: true, active: true, sales: 1, earned_cents: 400 },
    ])

    // Twelve months on, the referred creator keeps everything the platform would have shared.
    t.clock.advance(366 * 86_400_000)
    const late = await giveEarnings(t, referred.userId, 1_000)
    expect(late.lines).toMatchObject({
      net_cents: 8_000,
      referral_cents: 0,
      fee_cents: 2_000,
      referrer_id: null,
    })
    const session = await loginByEmail(t, referrer.email)
    const after = await t.data(referralLink, {}, { token: session.ptoken })
    expect(after).toMatchObject({ referred: 1, earning: 0, earned_cents: 400 })
    const audit = await ledgerAudit(t)
    expect(audit.unbalanced).toEqual([])
    expect(audit.drifted).toEqual([])
  })

  it('counts the 12 months from when the referred user became a creator, not from sign-up', async () => {
    const referrer = await makeCreator(t)
    const referred = await makeAccount(t)
    await t.data(referralBind, { code: referrer.userName }, { token: referred.token })
    const month = 30 * 86_400_000
    t.clock.advance(6 * month)
    await becomeCreator(referred.userId)
    await t.database.db.insert(creatorVerifications).values({
      userId: referred.userId,
      partner: 'sandbox',
      partnerSessionId: `referral-test-${referred.userId}`,
      status: 'approved',
      returnPath: '/',
      decidedAt: t.clock.now(),
    })
    t.clock.advance(11 * month) // 17 months after sign-up, 11 after approval
    expect((await giveEarnings(t, referred.userId, 100)).lines.referrer_id).toBe(referrer.userId)
    t.clock.advance(2 * month) // 13 months after approval
    expect((await giveEarnings(t, referred.userId, 100)).lines.referrer_id).toBeNull()
  })

  it('takes the referrer named in host verification', async () => {
    const referrer = await makeCreator(t)
    const applicant = await makeAccount(t)
    await becomeCreatorNaming(applicant, referrer)

    const earnings = await t.data(referralEarnings, {}, { token: referrer.token })
    expect(earnings.list).toMatchObject([{ user: { user_id: applicant.userId }, sales: 0, earned_cents: 0 }])
    const sale = await giveEarnings(t, applicant.userId, 100)
    expect(sale.lines).toMatchObject({ referral_cents: 40, referrer_id: referrer.userId })
    const link = await t.data(referralLink, {}, { token: referrer.token })
    expect(link).toMatchObject({ referred: 1, earned_cents: 40 })
  })

  it('pays the referrer named in host verification from the first sale, before anyone opens the pages', async () => {
    const referrer = await makeCreator(t)
    const applicant = await makeAccount(t)
    await becomeCreatorNaming(applicant, referrer)

    const sale = await giveEarnings(t, applicant.userId, 100)
    expect(sale.lines).toMatchObject({ referral_cents: 40, referrer_id: referrer.userId })
    const again = await giveEarnings(t, applicant.userId, 100)
    expect(again.lines).toMatchObject({ referral_cents: 40, referrer_id: referrer.userId })
    const earnings = await t.data(referralEarnings, {}, { token: referrer.token })
    expect(earnings.list).toMatchObject([{ user: { user_id: applicant.userId }, sales: 2, earned_cents: 80 }])
  })

  it('shows no link to a user who is not a creator', async () => {
    const fan = await makeAccount(t)
    const link = await t.data(referralLink, {}, { token: fan.token })
    expect(link).toMatchObject({ can_refer: false, code: null, link_path: null, referred: 0 })
  })
})
