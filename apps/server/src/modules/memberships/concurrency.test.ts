/**
 * The limit of open free-trial links under simultaneous creates, through HTTP: the open links are
 * counted and the new one stored under a per-creator lock, so a burst cannot pass
 * MembershipLimits.trialLinksMax. The race shows on PostgreSQL (`npm run test:pg`); PGlite's single
 * connection serialises the transactions.
 */
import { ErrorCodes, MembershipLimits, trialLinkCreate } from '@velvet/contract'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { membershipTrials } from './schema.ts'
import { makePlanCreator } from './test-support.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('free-trial links at once', () => {
  it(`keeps at most ${MembershipLimits.trialLinksMax} open links when more are created together`, async () => {
    const creator = await makePlanCreator(t)
    const answers = await Promise.all(
      Array.from({ length: MembershipLimits.trialLinksMax + 10 }, () =>
        t.call(trialLinkCreate, { days: 7, max_uses: 5 }, creator),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MembershipLimits.trialLinksMax)
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => a.body.error.code === ErrorCodes.TrialLinksLimit.code),
    ).toBe(true)
    const open = await t.database.db
      .select({ id: membershipTrials.id })
      .from(membershipTrials)
      .where(and(eq(membershipTrials.creatorId, creator.userId), isNull(membershipTrials.revokedAt)))
    expect(open).toHaveLength(MembershipLimits.trialLinksMax)
  })
})
