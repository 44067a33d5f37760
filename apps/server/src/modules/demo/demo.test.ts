import { readdirSync } from 'node:fs'
import path from 'node:path'
import {
  Bio,
  MediaState,
  membershipOffer,
  Nickname,
  type Post,
  PostState,
  profileView,
  SavePlanInput,
  suggestedCreators,
  Username,
  userPosts,
  Visibility,
} from '@velvet/contract'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../../platform/config.ts'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { users } from '../auth/schema.ts'
import { creatorVerifications } from '../creator/schema.ts'
import { media } from '../media/schema.ts'
import { posts } from '../posts/schema.ts'
import { systemSettings } from '../system/schema.ts'
import { DEMO_SEED_KEY, demoCreators } from './content.ts'
import type { SeedOutcome } from './service.ts'

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
const expectedPosts = demoCreators.reduce((sum, creator) => sum + creator.posts.length, 0)
const expectedMedia = demoCreators.reduce(
  (sum, creator) => sum + creator.posts.reduce((n, post) => n + post.media.length, 0),
  0,
)

describe('the demo content', () => {
  it('names every creator as a demo, within the profile rules, and mixes every kind of post', () => {
    expect(new Set(demoCreators.map((c) => c.userName)).size).toBe(demoCreators.length)
    for (const creator of demoCreators) {
      expect(Username.safeParse(creator.userName).success).toBe(true)
      expect(Nickname.safeParse(creator.nickname).success).toBe(true)
      expect(Bio.safeParse(creator.bio).success).toBe(true)
      expect(creator.nickname).toContain('Demo')
      expect(creator.bio).toMatch(/^Demo creator/)
      expect(creator.posts.length).toBeGreaterThanOrEqual(4)
      expect(creator.posts.length).toBeLessThanOrEqual(6)
      expect(creator.posts.every((post) => /#\w+/.test(post.caption))).toBe(true)
    }
    const all = demoCreators.flatMap((creator) => creator.posts)
    expect(new Set(all.map((post) => post.visibility))).toEqual(
      new Set([Visibility.Everyone, Visibility.PPV, Visibility.Members, Visibility.MembersAndPPV]),
    )
    expect(all.some((post) => post.media.length > 1 && (post.teasers ?? 0) > 0)).toBe(true)
    expect(all.some((post) => post.media.some((item) => item.kind === 'clip'))).toBe(true)
  })

  it('lets a newcomer try every purchase: each creator with members-only posts offers a membership', () => {
    for (const creator of demoCreators) {
      expect(
        SavePlanInput.safeParse({
          price_usd: creator.membership.priceUsd,
          bundles: creator.membership.bundles,
        }).success,
      ).toBe(true)
    }
    const membersOnly = (post: { visibility: Visibility }) =>
      post.visibility === Visibility.Members || post.visibility === Visibility.MembersAndPPV
    expect(demoCreators.filter((creator) => creator.posts.some(membersOnly)).length).toBeGreaterThan(0)
    // Every creator sells a post too (PPV or members-and-PPV).
    for (const creator of demoCreators)
      expect(creator.posts.some((post) => post.price !== undefined && post.price > 0)).toBe(true)
  })

  it('is on unless SEED_DEMO is 0 or false', () => {
    expect(readConfig({}).seedDemo).toBe(true)
    expect(readConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false)
    expect(readConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false)
    expect(() => readConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/)
  })
})

// Draws ~30 pictures and 4 clips, then the media workers process them: a minute or two on a busy machine.
describe(`seeding an empty database on ${database}`, { timeout: 600_000 }, () => {
  let t: TestApp
  let outcomes: SeedOutcome[]
  beforeAll(async () => {
    t = await startTestApp({}, { jobs: true })
    // Two seeds racing (as two processes starting together would): exactly one seeds.
    outcomes = await Promise.all([t.app.services.demo.seed(), t.app.services.demo.seed()])
  }, 600_000)
  afterAll(() => t?.close())

  it('seeds once: the creators, their processed media and every post', async () => {
    const seeded = outcomes.filter((outcome) => outcome.seeded)
    expect(seeded).toEqual([
      {
        seeded: true,
        creators: demoCreators.length,
        posts: expectedPosts,
        media: expectedMedia,
        skippedPosts: 0,
      },
    ])
    const other = outcomes.find((outcome) => !outcome.seeded)
    expect(other && !other.seeded && ['claimed', 'not_empty'].includes(other.reason)).toBe(true)
    // The loser's portraits were removed again: one per creator is left.
    const portraits = readdirSync(path.join(t.dataDir, 'media', 'portraits'))
    expect(portraits).toHaveLength(demoCreators.length)
    // Temporary files are gone.
    expect(readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([])
  })

  it('makes verified creators nobody can sign in as', async () => {
    const rows = await t.database.db.select().from(users)
    expect(rows.map((row) => row.userName).sort()).toEqual(demoCreators.map((c) => c.userName).sort())
    for (const row of rows) {
      expect(row).toMatchObject({ userRole: 1, userType: 0, email: null, googleSub: null, deletedAt: null })
      expect(row.portrait).toMatch(/^portraits\//)
      expect(row.profileCompletedAt).not.toBeNull()
    }
    const checks = await t.database.db.select().from(creatorVerifications)
    expect(checks).toHaveLength(demoCreators.length)
    expect(checks.every((check) => check.partner === 'demo' && check.status === 'approved')).toBe(true)
  })

  it('processes every media through the pipeline', async () => {
    const rows = await t.database.db.select().from(media)
    expect(rows).toHaveLength(expectedMedia)
    expect(rows.every((row) => row.state === MediaState.Ready)).toBe(true)
    const videos = rows.filter((row) => row.kind === 'video')
    expect(videos).toHaveLength(4)
    for (const video of videos) {
      expect(video.files?.hls?.segments.length).toBeGreaterThan(0)
      expect(video.durationMs).toBeGreaterThanOrEqual(4000)
      expect(video.durationMs).toBeLessThanOrEqual(6000)
    }
    expect(new Set(rows.map((row) => row.md5)).size).toBe(rows.length)
  })

  it('shows the creators to a newcomer with their posts, locked ones as blurred previews', async () => {
    const guest = await makeGuest(t)
    const strip = await t.call(suggestedCreators, {}, { token: guest.token })
    expect(strip.status).toBe(200)
    const list = strip.body.data.list as Array<{ user_id: number; posts: number; verified: boolean }>
    expect(list).toHaveLength(demoCreators.length)
    expect(list.every((creator) => creator.verified && creator.posts >= 4)).toBe(true)

    const now = t.clock.now().getTime() / 1000
    const visibilities = new Set<number>()
    const publishedAt: number[] = []
    for (const creator of list) {
      const profile = await t.call(profileView, { user_id: creator.user_id }, { token: guest.token })
      expect(profile.body.data.profile.bio).toMatch(/^Demo creator/)
      const grid = await t.call(userPosts, { user_id: creator.user_id }, { token: guest.token })
      const page = grid.body.data.list as Post[]
      expect(page.length).toBe(creator.posts)
      for (const post of page) {
        expect(post.state).toBe(PostState.Published)
        visibilities.add(post.visibility)
        publishedAt.push(post.published_at ?? 0)
        if (post.visibility === Visibility.Everyone) {
          expect(post.lock).toBeNull()
          expect(post.media.every((item) => item.urls !== null)).toBe(true)
        } else {
          expect(post.lock).not.toBeNull()
          // Locked: every item carries its blurred preview; only teasers are signed for the guest.
          for (const item of post.media) {
            expect(item.preview).toMatch(/^data:image\/jpeg;base64,/)
            expect(item.urls !== null).toBe(item.is_free_preview)
          }
        }
      }
    }
    expect(visibilities).toEqual(
      new Set([Visibility.Everyone, Visibility.PPV, Visibility.Members, Visibility.MembersAndPPV]),
    )
    // Spread over the last days, all in the past, no two at the same moment.
    expect(new Set(publishedAt).size).toBe(expectedPosts)
    expect(Math.max(...publishedAt)).toBeLessThan(now)
    expect(Math.min(...publishedAt)).toBeGreaterThan(now - 7 * 86_400)
  })

  it('offers a membership from the creator of every members-only post', async () => {
    const fan = await makeAccount(t)
    const guest = await makeGuest(t)
    const strip = await t.call(suggestedCreators, {}, { token: guest.token })
    for (const creator of strip.body.data.list as Array<{ user_id: number }>) {
      const grid = await t.call(userPosts, { user_id: creator.user_id }, { token: guest.token })
      const page = grid.body.data.list as Post[]
      const membersOnly = page.filter(
        (post) => post.visibility === Visibility.Members || post.visibility === Visibility.MembersAndPPV,
      )
      const offer = await t.call(membershipOffer, { user_id: creator.user_id }, { token: fan.token })
      expect(offer.status).toBe(200)
      if (membersOnly.length > 0) expect(offer.body.data.plan?.price_cents).toBeGreaterThan(0)
    }
  })

  it('does nothing on a second run, nor once the demo accounts are deleted', async () => {
    const usersBefore = await t.database.db.$count(users)
    expect(await t.app.services.demo.seed()).toEqual({ seeded: false, reason: 'not_empty' })
    await t.database.db.update(users).set({ deletedAt: t.clock.now() })
    expect(await t.app.services.demo.seed()).toEqual({ seeded: false, reason: 'not_empty' })
    expect(await t.database.db.$count(users)).toBe(usersBefore)
    expect(await t.database.db.$count(posts)).toBe(expectedPosts)
    expect(await t.database.db.$count(media)).toBe(expectedMedia)
  })
})

describe(`not seeding on ${database}`, () => {
  const demoUsers = (t: TestApp) =>
    t.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.userName,
          demoCreators.map((c) => c.userName),
        ),
      )

  it('seeds nothing with SEED_DEMO=0', async () => {
    const t = await startTestApp({ SEED_DEMO: '0' })
    try {
      expect(await t.app.services.demo.seed()).toEqual({ seeded: false, reason: 'disabled' })
      expect(await t.database.db.$count(users)).toBe(0)
    } finally {
      await t.close()
    }
  })

  it('seeds nothing on a database that has a user, even a guest', async () => {
    const t = await startTestApp()
    try {
      await makeGuest(t)
      expect(await t.app.services.demo.seed()).toEqual({ seeded: false, reason: 'not_empty' })
      expect(await demoUsers(t)).toEqual([])
      expect(await t.database.db.$count(systemSettings)).toBe(0)
    } finally {
      await t.close()
    }
  })

  it('lets one of two racing claims win: the other waits for its commit and backs off', async () => {
    const t = await startTestApp()
    try {
      const { system } = t.app.services
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      // The first claim stays uncommitted a while, as a seed making its accounts does.
      const first = t.database.db.transaction(async (tx) => {
        const won = await system.claimOnce(DEMO_SEED_KEY, { run: 1 }, tx)
        await held
        return won
      })
      const second = t.database.db.transaction((tx) => system.claimOnce(DEMO_SEED_KEY, { run: 2 }, tx))
      setTimeout(release, 300)
      const results = await Promise.all([first, second])
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await t.database.db.$count(systemSettings)).toBe(1)
    } finally {
      await t.close()
    }
  })

  it('seeds nothing once claimed, even if every user row were gone', async () => {
    const t = await startTestApp()
    try {
      await t.database.db.insert(systemSettings).values({ key: DEMO_SEED_KEY, value: { creators: [] } })
      expect(await t.app.services.demo.seed()).toEqual({ seeded: false, reason: 'claimed' })
      expect(await t.database.db.$count(users)).toBe(0)
      // The portraits drawn before the claim was lost are removed again.
      const portraits = path.join(t.dataDir, 'media', 'portraits')
      expect(readdirSync(portraits)).toEqual([])
      const [claim] = await t.database.db
        .select()
        .from(systemSettings)
        .where(eq(systemSettings.key, DEMO_SEED_KEY))
      expect(claim?.value).toEqual({ creators: [] })
    } finally {
      await t.close()
    }
  })
})
