import { MembershipStatus, type SubscriptionListQuery } from '@velvet/contract'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { cursorError, idFromDigits, millisFromDigits } from '../../platform/cursors.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import { presentCharge, presentSubscriber, presentSubscription } from './presenters.ts'
import type { ListCursor, SubscriptionsRepo } from './subscriptions-repo.ts'

type ListQuery = z.output<typeof SubscriptionListQuery>

const STATUSES: Record<ListQuery['status'], number[]> = {
  current: [MembershipStatus.Active, MembershipStatus.Grace],
  active: [MembershipStatus.Active],
  grace: [MembershipStatus.Grace],
  ended: [MembershipStatus.Ended],
  all: [MembershipStatus.Active, MembershipStatus.Grace, MembershipStatus.Ended],
}

function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url')
}

function decodeCursor(text: string | undefined): ListCursor | null {
  if (!text) return null
  const match = /^(\d+)\|(\d+)$/.exec(Buffer.from(text, 'base64url').toString())
  const at = millisFromDigits(match?.[1])
  const id = idFromDigits(match?.[2])
  if (at === null || id === null) throw cursorError()
  return { at, id }
}

function pageOf<R extends { subscription: { id: number; startedAt: Date } }, T>(
  rows: R[],
  limit: number,
  present: (row: R) => T,
) {
  const hasNext = rows.length > limit
  const shown = hasNext ? rows.slice(0, limit) : rows
  const last = shown.at(-1)
  return {
    list: shown.map(present),
    cursor:
      hasNext && last
        ? encodeCursor({ at: last.subscription.startedAt.getTime(), id: last.subscription.id })
        : null,
    has_next: hasNext,
  }
}

/** The fan's memberships and the creator's members (keyset pages), one membership's detail, auto-renew. */
export function createMembershipLists(deps: {
  subs: SubscriptionsRepo
  clock: Clock
  portraitUrl: (key: string) => string
}) {
  const { subs, portraitUrl } = deps

  async function mineWith(viewer: Viewer, creatorId: number) {
    const [sub, creator] = await Promise.all([subs.byPair(viewer.userId, creatorId), subs.person(creatorId)])
    if (!sub || !creator || !(await subs.everMember(viewer.userId, creatorId)))
      throw new AppError('SubscriptionNotFound')
    return { sub, creator }
  }

  return {
    async fanList(viewer: Viewer, query: ListQuery) {
      const rows = await subs.fanPage(
        viewer.userId,
        STATUSES[query.status],
        decodeCursor(query.cursor),
        query.limit,
      )
      return pageOf(rows, query.limit, (row) =>
        presentSubscription(row.subscription, row.person, portraitUrl),
      )
    },

    async creatorList(viewer: Viewer, query: ListQuery) {
      const [rows, counts] = await Promise.all([
        subs.creatorPage(viewer.userId, STATUSES[query.status], decodeCursor(query.cursor), query.limit),
        subs.creatorCounts(viewer.userId),
      ])
      return {
        ...pageOf(rows, query.limit, (row) => presentSubscriber(row.subscription, row.person, portraitUrl)),
        active: counts.active,
        in_grace: counts.inGrace,
      }
    },

    async detail(viewer: Viewer, creatorId: number) {
      const { sub, creator } = await mineWith(viewer, creatorId)
      const events = await subs.events(sub.id)
      return {
        subscription: presentSubscription(sub, creator, portraitUrl),
        charges: events.map(presentCharge),
      }
    },

    /** Off: the membership ends at the period end (no charge). On again: renews as before. */
    async setAutoRenew(viewer: Viewer, creatorId: number, autoRenew: boolean) {
      const { sub, creator } = await mineWith(viewer, creatorId)
      if (sub.status === MembershipStatus.Ended) {
        if (autoRenew) throw new AppError('MembershipEnded')
        return { subscription: presentSubscription(sub, creator, portraitUrl) }
      }
      const row = await subs.update(undefined, sub.id, { autoRenew, updatedAt: deps.clock.now() })
      return { subscription: presentSubscription(row, creator, portraitUrl) }
    },
  }
}

export type MembershipLists = ReturnType<typeof createMembershipLists>
