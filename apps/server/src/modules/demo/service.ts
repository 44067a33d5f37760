import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { MediaState, SavePlanInput, SavePostInput, UserRole } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import type { MediaToolPaths } from '../../platform/media-tools.ts'
import type { Storage } from '../../platform/storage.ts'
import type { AuthService } from '../auth/service.ts'
import type { CreatorService } from '../creator/service.ts'
import type { IngestFile } from '../media/ingest.ts'
import type { MediaService } from '../media/types.ts'
import type { PlanService } from '../memberships/plan-service.ts'
import type { Author, PostService } from '../posts/service.ts'
import type { SystemService } from '../system/service.ts'
import { DEMO_BIRTHDAY, DEMO_SEED_KEY, type DemoCreator, type DemoPost, demoCreators } from './content.ts'
import { drawPortrait, makeMedia } from './generate.ts'

export interface DemoServiceDeps {
  /** SEED_DEMO. */
  enabled: boolean
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>
  accounts: Pick<AuthService, 'hasAnyUser' | 'createServerAccount'>
  creators: Pick<CreatorService, 'grantTrustedVerification'>
  /** Membership plans: every demo creator offers one. */
  plans: Pick<PlanService, 'save'>
  system: Pick<SystemService, 'claimOnce'>
  storage: Pick<Storage, 'put' | 'remove'>
  ingestFile: IngestFile
  media: Pick<MediaService, 'findOwned'>
  /** The posts composer as of a moment (posts wiring's composerAt). */
  composerAt: (clock: Clock) => PostService
  tools: () => MediaToolPaths
  /** Scratch folder; the seed makes its files in a folder of its own inside and removes it. */
  workDir: string
  clock: Clock
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  /** How long to wait for the media workers to process every demo file (default 10 minutes). */
  readyTimeoutMs?: number
}

export type SeedOutcome =
  | { seeded: false; reason: 'disabled' | 'not_empty' | 'claimed' }
  | { seeded: true; creators: number; posts: number; media: number; skippedPosts: number }

/** A demo post with the media the intake took in for it. */
interface PlannedPost {
  author: Author
  post: DemoPost
  mediaIds: number[]
}

const HOUR_MS = 3600 * 1000

class SeedAbortedError extends Error {
  constructor() {
    super('demo seed stopped')
    this.name = 'SeedAbortedError'
  }
}

/**
 * Demo content for a newcomer (SEED_DEMO): on a database that has never had a user, a few
 * creators (verified, marked as demo, no way to sign in as them) with posts of every visibility, their
 * pictures drawn and clips recorded here, taken in through the media intake and processed by the media
 * workers, then published through the posts composer at moments spread over the last days.
 *
 * Exactly once per database: the claim (a system_settings row) commits in the transaction that makes the
 * first users, and a second process claiming at the same moment waits for that commit and backs off.
 * It never runs again, not even when the demo accounts are deleted.
 */
export function createDemoService(deps: DemoServiceDeps) {
  const { accounts, storage, clock, log } = deps
  const creators = demoCreators

  /**
   * Claims the seed and makes the accounts in one transaction: the authors in `creators` order, or why
   * not (users exist, or another run claimed it).
   */
  async function claimAndCreateAccounts(portraits: ReadonlyMap<DemoCreator, string>) {
    return deps.transaction(async (tx) => {
      if (await accounts.hasAnyUser(tx)) return 'not_empty' as const
      const names = creators.map((creator) => creator.userName)
      if (!(await deps.system.claimOnce(DEMO_SEED_KEY, { creators: names }, tx))) return 'claimed' as const
      const authors: Author[] = []
      for (const creator of creators) {
        const row = await accounts.createServerAccount(
          {
            userName: creator.userName,
            nickname: creator.nickname,
            bio: creator.bio,
            birthday: DEMO_BIRTHDAY,
            portrait: portraits.get(creator) ?? null,
            createdAt: new Date(clock.now().getTime() - maxHoursAgo(creator) * HOUR_MS - HOUR_MS),
          },
          tx,
        )
        await deps.creators.grantTrustedVerification(row.id, 'demo', tx)
        authors.push({ userId: row.id, userRole: UserRole.Creator })
      }
      return authors
    })
  }

  /** Draws and takes in every media of every post (processing continues in the media workers). */
  async function makeAllMedia(authors: Author[], dir: string, signal?: AbortSignal) {
    const planned: PlannedPost[] = []
    for (const [c, creator] of creators.entries()) {
      const author = authors[c]
      if (!author) continue
      for (const [p, post] of creator.posts.entries()) {
        const mediaIds: number[] = []
        for (const [m, item] of post.media.entries()) {
          if (signal?.aborted) throw new SeedAbortedError()
          const seed = 1000 * (c + 1) + 10 * p + m
          const file = await makeMedia(item, { palette: creator.palette, seed }, dir, deps.tools, signal)
          mediaIds.push(await deps.ingestFile(author.userId, file))
        }
        planned.push({ author, post, mediaIds })
      }
    }
    return planned
  }

  /** Waits until no demo media is still processing; answers the ids that are ready. */
  async function waitUntilProcessed(planned: PlannedPost[], signal?: AbortSignal): Promise<Set<number>> {
    const deadline = Date.now() + (deps.readyTimeoutMs ?? 10 * 60_000)
    const byOwner = new Map<number, number[]>()
    for (const { author, mediaIds } of planned) {
      byOwner.set(author.userId, [...(byOwner.get(author.userId) ?? []), ...mediaIds])
    }
    for (;;) {
      if (signal?.aborted) throw new SeedAbortedError()
      const ready = new Set<number>()
      let pending = 0
      for (const [ownerId, ids] of byOwner) {
        for (const record of await deps.media.findOwned(ownerId, ids)) {
          if (record.state === MediaState.Ready) ready.add(record.id)
          else if (record.state === MediaState.Processing || record.state === MediaState.Uploading)
            pending += 1
        }
      }
      if (pending === 0 || Date.now() > deadline) return ready
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }

  /** Saves the creator's membership plan as a creator would on /subs/settings. */
  async function offerMembership(author: Author, creator: DemoCreator): Promise<void> {
    const { priceUsd, bundles } = creator.membership
    await deps.plans.save({ userId: author.userId }, SavePlanInput.parse({ price_usd: priceUsd, bundles }))
  }

  /** Publishes one post through the composer, as of its moment in the past. */
  async function publish({ author, post, mediaIds }: PlannedPost): Promise<void> {
    const at = new Date(clock.now().getTime() - post.hoursAgo * HOUR_MS)
    const composer = deps.composerAt({ now: () => at })
    const { post_id } = await composer.create(author)
    const teasers = post.teasers ?? 0
    await composer.save(
      author,
      SavePostInput.parse({
        post_id,
        action: 'publish',
        caption: post.caption,
        media: mediaIds.map((media_id, index) => ({ media_id, is_free_preview: index < teasers })),
        visibility: post.visibility,
        price: post.price ?? null,
      }),
    )
  }

  return {
    /** Seeds when enabled and the database has never had a user; answers what it did. */
    async seed(signal?: AbortSignal): Promise<SeedOutcome> {
      if (!deps.enabled) return { seeded: false, reason: 'disabled' }
      // Cheap look first: on every start but the very first, nothing is drawn at all.
      if (await accounts.hasAnyUser()) return { seeded: false, reason: 'not_empty' }

      await mkdir(deps.workDir, { recursive: true })
      const dir = await mkdtemp(path.join(deps.workDir, 'demo-'))
      try {
        const portraits = new Map<DemoCreator, string>()
        for (const [index, creator] of creators.entries()) {
          const bytes = await drawPortrait(creator.portrait, creator.palette, 7 + index)
          portraits.set(creator, await storage.put('portraits', bytes, 'webp'))
        }
        const claimed = await claimAndCreateAccounts(portraits)
        if (!Array.isArray(claimed)) {
          for (const key of portraits.values()) await storage.remove(key)
          return { seeded: false, reason: claimed }
        }
        for (const [index, creator] of creators.entries()) {
          const author = claimed[index]
          if (author) await offerMembership(author, creator)
        }
        log.info({ creators: claimed.length }, 'demo creators created; drawing their media')

        const planned = await makeAllMedia(claimed, dir, signal)
        const ready = await waitUntilProcessed(planned, signal)
        // Oldest first, so that post ids grow with their publication time as they do for real posts.
        const ordered = [...planned].sort((a, b) => b.post.hoursAgo - a.post.hoursAgo)
        let posts = 0
        let skippedPosts = 0
        for (const item of ordered) {
          if (signal?.aborted) throw new SeedAbortedError()
          if (!item.mediaIds.every((id) => ready.has(id))) {
            skippedPosts += 1
            log.warn({ media: item.mediaIds }, 'demo post skipped: its media did not become ready')
            continue
          }
          await publish(item)
          posts += 1
        }
        const media = planned.reduce((sum, item) => sum + item.mediaIds.length, 0)
        return { seeded: true, creators: claimed.length, posts, media, skippedPosts }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}

function maxHoursAgo(creator: DemoCreator): number {
  return Math.max(0, ...creator.posts.map((post) => post.hoursAgo))
}

export type DemoService = ReturnType<typeof createDemoService>
