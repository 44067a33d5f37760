import { REFERRAL_PATH, type ReferralEarning, Shares, UserRole } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { cursorError, idFromDigits, millisFromDigits } from '../../platform/cursors.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { PersonRow, ReferralsRepo } from './repo.ts'

/** `at` plus whole calendar months (UTC). */
export function addMonths(at: Date, months: number): Date {
  const next = new Date(at.getTime())
  next.setUTCMonth(next.getUTCMonth() + months)
  return next
}

/**
 * The referral programme (spec §2): a creator's code is their username; a referral is recorded once per
 * referred user (a /ref/{code} link at sign-up, or the host-verification answer), never to oneself; it earns
 * the referrer 5% of the referred creator's net for 12 months from when they became a creator.
 */
/**
 * An earnings page cursor: `<created ms>_<referred user id>` of the last row shown. Text that is not one gives the
 * first page; numbers past a Date or a bigint answer the cursor error (they were a 500).
 */
function decodeEarningsCursor(cursor: string | undefined): { at: Date; id: number } | null {
  const match = cursor ? /^(\d+)_(\d+)$/.exec(cursor) : null
  if (!match) return null
  const at = millisFromDigits(match[1])
  const id = idFromDigits(match[2])
  if (at === null || id === null) throw cursorError()
  return { at: new Date(at), id }
}

export function createReferralsService(deps: {
  repo: ReferralsRepo
  clock: Clock
  portraitUrl: (key: string) => string
}) {
  const { repo, clock } = deps
  const card = (row: PersonRow) => ({
    user_id: row.id,
    user_name: row.userName ?? '',
    nickname: row.nickname,
    portrait: row.portrait ? deps.portraitUrl(row.portrait) : null,
  })

  async function referrer(code: string) {
    const row = await repo.creatorByCode(code.replace(/^@+/, ''))
    if (!row?.userName) throw new AppError('ReferralCodeUnknown')
    return row
  }

  return {
    /** For ledger/sales.ts: who earns a share of this creator's sale at `at`, if anyone. */
    async referrerOf(creatorId: number, at: Date, tx: Tx): Promise<number | null> {
      const referral = await repo.referralOf(creatorId, tx)
      if (!referral || referral.referrerId === creatorId) return null
      return at < addMonths(referral.startsAt, Shares.referralMonths) ? referral.referrerId : null
    },

    async resolve(code: string) {
      return { referrer: card(await referrer(code)) }
    },

    async bind(viewer: Viewer, code: string) {
      const row = await referrer(code)
      if (row.id === viewer.userId) throw new AppError('ReferralSelf')
      if (viewer.userRole === UserRole.Creator) throw new AppError('ReferralClosed')
      const existing = await repo.referrerIdOf(viewer.userId)
      if (existing !== null && existing !== row.id) throw new AppError('ReferralAlreadySet')
      if (existing === null && !(await repo.bind(viewer.userId, row.id, row.userName ?? code, clock.now()))) {
        if ((await repo.referrerIdOf(viewer.userId)) !== row.id) throw new AppError('ReferralAlreadySet')
      }
      return { referrer: card(row) }
    },

    async link(viewer: Viewer) {
      const me = await repo.person(viewer.userId)
      const canRefer = me?.userRole === UserRole.Creator && Boolean(me.userName)
      await repo.adoptAuditAnswers({ referrerId: viewer.userId })
      const counts = await repo.counts(viewer.userId, clock.now(), Shares.referralMonths)
      const earned = await repo.earnedFrom(viewer.userId, null)
      let cents = 0
      for (const value of earned.values()) cents += value.cents
      return {
        can_refer: canRefer,
        code: canRefer ? (me?.userName ?? null) : null,
        link_path: canRefer ? `${REFERRAL_PATH}/${me?.userName}` : null,
        referred: counts.referred,
        earning: counts.earning,
        earned_cents: cents,
        share_bps: Shares.referralBps,
        months: Shares.referralMonths,
      }
    },

    async earnings(viewer: Viewer, cursor: string | undefined, limit: number) {
      const before = decodeEarningsCursor(cursor)
      if (!before) await repo.adoptAuditAnswers({ referrerId: viewer.userId })
      const rows = await repo.referredBy(viewer.userId, before, limit + 1)
      const page = rows.slice(0, limit)
      const earned = await repo.earnedFrom(
        viewer.userId,
        page.map((r) => r.referredId),
      )
      const now = clock.now()
      const list: ReferralEarning[] = page.map((row) => {
        const ends = addMonths(row.startsAt, Shares.referralMonths)
        const from = earned.get(row.referredId)
        return {
          user: {
            user_id: row.referredId,
            user_name: row.userName,
            nickname: row.nickname,
            portrait: row.portrait ? deps.portraitUrl(row.portrait) : null,
          },
          referred_at: Math.floor(row.createdAt.getTime() / 1000),
          ends_at: Math.floor(ends.getTime() / 1000),
          is_creator: row.userRole === UserRole.Creator,
          active: now < ends,
          sales: from?.sales ?? 0,
          earned_cents: from?.cents ?? 0,
        }
      })
      const last = page[page.length - 1]
      const hasNext = rows.length > limit
      return {
        list,
        cursor: hasNext && last ? `${last.createdAt.getTime()}_${last.referredId}` : null,
        has_next: hasNext,
      }
    },
  }
}

export type ReferralsService = ReturnType<typeof createReferralsService>
