import {
  type MassAudience,
  MassKind,
  MassStatus,
  MediaState,
  type massCreate,
  type OwnMedia,
} from '@velvet/contract'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { JobSender } from '../../platform/jobs.ts'
import type { CreatorService } from '../creator/service.ts'
import type { MediaService } from '../media/types.ts'
import { decodeIdCursor, idPageFrom } from '../social/cursor.ts'
import { massStartJob } from './jobs.ts'
import {
  assertAudienceSize,
  assertCreator,
  assertInterval,
  assertSendTime,
  MASS_INTERVAL_MS,
} from './policy.ts'
import { presentMass } from './presenters.ts'
import type { MassRepo, MassRow } from './repo.ts'

type CreateInput = z.output<(typeof massCreate)['input']>

export interface MassServiceDeps {
  repo: MassRepo
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  media: Pick<MediaService, 'findOwned' | 'presentOwn'>
  jobs: JobSender
  clock: Clock
  /** Recipients of one send at most (config MASS_RECIPIENTS_MAX, DESIGN §8). */
  recipientsMax: number
}

/**
 * Mass messages: a creator picks an audience, writes once, sends now or schedules; the limits
 * (recipients, one per 6 hours, never in the past) are checked here, and the sending jobs (jobs.ts)
 * deliver each recipient's copy into chat once.
 */
export function createMassService(deps: MassServiceDeps) {
  const { repo, media, jobs, clock } = deps

  /** The creator's lists named by the audience must be theirs (6107 otherwise). */
  async function assertOwnLists(creatorId: number, audience: MassAudience) {
    if (audience.kind !== 'lists') return
    const own = await repo.ownListIds(creatorId, audience.list_ids)
    if (own.length !== new Set(audience.list_ids).size) throw new AppError('MassListNotFound')
  }

  async function assertContent(creatorId: number, input: CreateInput) {
    if (input.kind === MassKind.Post) {
      if (input.post_id === null || !(await repo.isPublishedPostOf(creatorId, input.post_id)))
        throw new AppError('PostNotFound')
      return
    }
    if (input.media.length === 0) return
    const owned = await media.findOwned(creatorId, input.media)
    if (owned.length !== new Set(input.media).size) throw new AppError('MediaNotFound')
    if (owned.some((record) => record.state !== MediaState.Ready)) throw new AppError('MediaNotReady')
  }

  async function mediaOf(rows: MassRow[], viewerId: number): Promise<Map<number, OwnMedia[]>> {
    const ids = [...new Set(rows.flatMap((row) => row.mediaIds))]
    const records = ids.length > 0 ? await media.findOwned(viewerId, ids) : []
    const byId = new Map(records.map((record) => [record.id, media.presentOwn(record, viewerId)]))
    return new Map(
      rows.map((row) => [
        row.id,
        row.mediaIds.flatMap((id) => (byId.has(id) ? [byId.get(id) as OwnMedia] : [])),
      ]),
    )
  }

  async function present(rows: MassRow[], viewerId: number) {
    const [counts, mediaById] = await Promise.all([repo.counts(rows), mediaOf(rows, viewerId)])
    return rows.map((row) => presentMass(row, counts.get(row.id), mediaById.get(row.id) ?? []))
  }

  async function presentOne(row: MassRow, viewerId: number) {
    const [mass] = await present([row], viewerId)
    if (!mass) throw new Error('mass message presenter returned nothing')
    return mass
  }

  async function own(viewer: Viewer, massId: number) {
    assertCreator(viewer)
    const row = await repo.byId(viewer.userId, massId)
    if (!row) throw new AppError('MassNotFound')
    return row
  }

  return {
    async audienceCount(viewer: Viewer, audience: MassAudience) {
      assertCreator(viewer)
      await assertOwnLists(viewer.userId, audience)
      return {
        count: await repo.countAudience(viewer.userId, audience, clock.now()),
        max: deps.recipientsMax,
      }
    },

    /**
     * Checks everything a creator can be told now (creator, lists, content, time, audience size, one per
     * 6 hours under a per-creator lock), stores the mass message and enqueues its start in the same
     * transaction. The same client_id answers the first one.
     */
    async create(viewer: Viewer, input: CreateInput) {
      assertCreator(viewer)
      const creatorId = viewer.userId
      const replay = await repo.byClientId(creatorId, input.client_id)
      if (replay) return { mass: await presentOne(replay, creatorId) }
      await deps.creator.assertVerifiedCreator(creatorId)
      await assertOwnLists(creatorId, input.audience)
      await assertContent(creatorId, input)
      const now = clock.now()
      const sendAt = input.send_at === null ? now : new Date(input.send_at * 1000)
      if (input.send_at !== null) assertSendTime(sendAt, now)
      assertAudienceSize(await repo.countAudience(creatorId, input.audience, now), deps.recipientsMax)
      await jobs.prepare(massStartJob)

      const row = await repo.db.transaction(async (tx) => {
        await repo.lockCreator(creatorId, tx)
        const raced = await repo.byClientId(creatorId, input.client_id, tx)
        if (raced) return raced
        assertInterval(await repo.neighbour(creatorId, sendAt, MASS_INTERVAL_MS, tx))
        const mass = await repo.insert(
          {
            creatorId,
            clientId: input.client_id,
            kind: input.kind,
            status: MassStatus.Scheduled,
            audience: input.audience.kind,
            spentLevel: input.audience.kind === 'spenders' ? input.audience.spent_level : null,
            listIds: input.audience.kind === 'lists' ? [...new Set(input.audience.list_ids)] : [],
            text: input.text,
            mediaIds: input.kind === MassKind.Message ? input.media : [],
            price: input.kind === MassKind.Message ? input.price : null,
            postId: input.kind === MassKind.Post ? input.post_id : null,
            sendAt,
            createdAt: now,
          },
          tx,
        )
        await jobs.send(
          massStartJob,
          { mass_id: mass.id },
          { tx, singletonKey: `mass:${mass.id}`, ...(input.send_at !== null ? { startAfter: sendAt } : {}) },
        )
        return mass
      })
      return { mass: await presentOne(row, creatorId) }
    },

    async list(viewer: Viewer, input: { cursor?: string; limit: number }) {
      assertCreator(viewer)
      const rows = await repo.page(viewer.userId, decodeIdCursor(input.cursor), input.limit + 1)
      const shown = await present(rows.slice(0, input.limit), viewer.userId)
      const byId = new Map(shown.map((mass) => [mass.mass_id, mass]))
      return idPageFrom(rows, input.limit, (row) => byId.get(row.id) as (typeof shown)[number])
    },

    async detail(viewer: Viewer, massId: number) {
      return { mass: await presentOne(await own(viewer, massId), viewer.userId) }
    },

    /** A scheduled one is removed (its start job then finds nothing); one that started stays (6105). */
    async cancel(viewer: Viewer, massId: number) {
      await own(viewer, massId)
      if (!(await repo.deleteScheduled(viewer.userId, massId))) throw new AppError('MassNotCancellable')
      return { mass_id: massId }
    },
  }
}

export type MassService = ReturnType<typeof createMassService>
