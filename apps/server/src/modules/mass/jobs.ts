import { MassKind, MassRules, MediaState } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import { defineJob, type JobSender, type SendOptions, work } from '../../platform/jobs.ts'
import type { ChatService } from '../chat/service.ts'
import type { CreatorService } from '../creator/service.ts'
import type { MediaService } from '../media/types.ts'
import { audienceOf } from './presenters.ts'
import type { MassRepo, MassRow } from './repo.ts'

const MassId = z.number().int().positive()

/**
 * Starts due mass messages: the job a mass message schedules (its id), and a sweep every minute (no id)
 * that also resumes delivery.
 */
export const massStartJob = defineJob({
  name: 'mass-start',
  payload: z.object({ mass_id: MassId.optional() }),
  cron: '* * * * *',
})
/** Delivers pending recipients of one mass message, a batch per transaction, until none is left. */
export const massSendJob = defineJob({ name: 'mass-send', payload: z.object({ mass_id: MassId }) })
/** Delivery jobs enqueued when a mass message starts (each takes batches until none is left). */
const PARALLEL_SENDERS = 4
/** `chat_message` pushes (and offline notifications) in flight at once after a batch commits. */
const ANNOUNCE_CONCURRENCY = 8

/** What mass messages need from chat: one recipient's copy inside our transaction, and its push after. */
export type MassChat = Pick<ChatService, 'deliverMassMessage' | 'announceDelivered'>

export interface MassSenderDeps {
  repo: MassRepo
  chat: MassChat
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  media: Pick<MediaService, 'findOwned'>
  jobs: JobSender
  clock: Clock
  recipientsMax: number
  publicUrl: string
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  batchSize?: number
}

/** The client message id of one recipient's copy: the chat's (sender, client id) index stores it once. */
export const massClientMsgId = (massId: number, recipientId: number) => `mass:${massId}:${recipientId}`

/**
 * Sending mass messages exactly once per recipient, whatever the number of workers and crashes:
 * - start: a conditional update moves a due one from scheduled to sending once, and in the same transaction
 *   fixes its audience in mass_recipients (one row per recipient) and enqueues the delivery jobs;
 * - deliver: each transaction locks a batch of pending rows (SKIP LOCKED: workers share the work), writes
 *   each recipient's chat message (unique per sender and `mass:<id>:<recipient>`) and marks the row delivered
 *   in the same transaction. A worker that dies loses only its open transaction; the rows go back to pending
 *   and the minute sweep enqueues delivery again. `chat_message` is pushed after each commit.
 */
export function createMassSender(deps: MassSenderDeps) {
  const { repo, chat, jobs, clock, log } = deps
  const batchSize = deps.batchSize ?? MassRules.batchSize

  /** Why a due mass message can no longer go out, or null. */
  async function problemOf(mass: MassRow): Promise<string | null> {
    try {
      await deps.creator.assertVerifiedCreator(mass.creatorId)
    } catch (err) {
      if (err instanceof AppError) return 'Your account can no longer send mass messages.'
      throw err
    }
    if (mass.kind === MassKind.Post) {
      if (mass.postId === null || !(await repo.isPublishedPostOf(mass.creatorId, mass.postId)))
        return 'The shared post is no longer available.'
    }
    if (mass.mediaIds.length > 0) {
      const owned = await deps.media.findOwned(mass.creatorId, mass.mediaIds)
      if (owned.length !== new Set(mass.mediaIds).size || owned.some((m) => m.state !== MediaState.Ready))
        return 'A photo or video of this message is no longer available.'
    }
    return null
  }

  /** The text each recipient gets: a shared post is the creator's words and the post's link. */
  function contentOf(mass: MassRow) {
    if (mass.kind === MassKind.Post && mass.postId !== null) {
      const link = `${deps.publicUrl.replace(/\/$/, '')}/post?id=${mass.postId}`
      return { text: mass.text ? `${mass.text}\n${link}` : link, mediaIds: [], price: null }
    }
    return { text: mass.text, mediaIds: mass.mediaIds, price: mass.price }
  }

  async function enqueueDelivery(massId: number, n: number, tx?: SendOptions) {
    const jobsWanted = Math.max(1, Math.min(PARALLEL_SENDERS, Math.ceil(n / batchSize)))
    for (let i = 0; i < jobsWanted; i++) await jobs.send(massSendJob, { mass_id: massId }, tx)
  }

  async function start(id: number): Promise<boolean> {
    const mass = await repo.get(id)
    if (!mass) return false
    const problem = await problemOf(mass)
    if (problem) {
      await repo.fail(mass.id, problem, clock.now())
      return false
    }
    await jobs.prepare(massSendJob)
    const now = clock.now()
    return repo.db.transaction(async (tx) => {
      const [started] = await repo.startDue(now, mass.id, tx)
      if (!started) return false
      const n = await repo.snapshot(started, audienceOf(started), now, tx)
      if (n === 0) {
        await repo.fail(started.id, 'No one in this audience could receive it when it was sent.', now, tx)
        return false
      }
      if (n > deps.recipientsMax) {
        const max = deps.recipientsMax.toLocaleString('en-US')
        await repo.fail(started.id, `The audience grew past ${max} recipients before it was sent.`, now, tx)
        return false
      }
      await enqueueDelivery(started.id, n, { tx })
      log.info({ mass: started.id, recipients: n }, 'mass message started')
      return true
    })
  }

  /** One batch in one transaction; answers the new messages (to announce) or null when none was left. */
  async function deliverBatch(mass: MassRow) {
    const content = contentOf(mass)
    return repo.db.transaction(async (tx) => {
      const batch = await repo.claimBatch(mass, batchSize, tx)
      if (batch.length === 0) return null
      const created: number[] = []
      const skipped: number[] = []
      const at = clock.now()
      for (const { recipientId, unavailable } of batch) {
        if (unavailable) {
          skipped.push(recipientId)
          continue
        }
        try {
          // A savepoint: one recipient's failure skips that recipient, not the batch.
          const outcome = await tx.transaction((sp) =>
            chat.deliverMassMessage(
              {
                senderId: mass.creatorId,
                recipientId,
                clientMsgId: massClientMsgId(mass.id, recipientId),
                ...content,
              },
              sp,
            ),
          )
          await repo.markDelivered(mass.id, recipientId, outcome.messageId, at, tx)
          if (outcome.created) created.push(outcome.messageId)
        } catch (err) {
          if (!(err instanceof AppError)) throw err
          log.warn({ err, mass: mass.id, recipientId }, 'mass message recipient skipped')
          skipped.push(recipientId)
        }
      }
      await repo.markSkipped(mass.id, skipped, tx)
      return created
    })
  }

  /** Starts every due scheduled mass message (`id`: only that one). */
  async function startDue(id: number | null = null): Promise<number> {
    let started = 0
    for (const dueId of await repo.dueIds(clock.now(), id)) if (await start(dueId)) started += 1
    return started
  }

  return {
    startDue,

    /** Delivers pending recipients batch by batch until none is left, then marks it successful. */
    async deliver(massId: number): Promise<number> {
      const mass = await repo.get(massId)
      if (!mass) return 0
      let delivered = 0
      for (;;) {
        const created = await deliverBatch(mass)
        if (created === null) break
        delivered += created.length
        // Pushed after the commit, a few at a time (each may store a notification and send a web push).
        for (let i = 0; i < created.length; i += ANNOUNCE_CONCURRENCY) {
          await Promise.all(
            created
              .slice(i, i + ANNOUNCE_CONCURRENCY)
              .map((messageId) =>
                chat
                  .announceDelivered(messageId)
                  .catch((err: unknown) => log.warn({ err, messageId }, 'mass message announce failed')),
              ),
          )
        }
      }
      if (await repo.finishIfDone(mass.id, clock.now())) log.info({ mass: mass.id }, 'mass message sent')
      return delivered
    },

    /** The sweep: start what is due, and enqueue delivery for what is still sending (after a crash). */
    async sweep(): Promise<void> {
      await startDue()
      for (const id of await repo.sendingIds()) await enqueueDelivery(id, 1)
    },
  }
}

export type MassSender = ReturnType<typeof createMassSender>

export function massWorkers(sender: MassSender) {
  return [
    work(massStartJob, async ([job]) => {
      // The schedule's own job starts its mass message; the sweep (no id) looks at all of them.
      if (job?.data.mass_id !== undefined) await sender.startDue(job.data.mass_id)
      else await sender.sweep()
    }),
    work(massSendJob, async ([job]) => {
      if (job) await sender.deliver(job.data.mass_id)
    }),
  ]
}
