/**
 * The paywall at the API level (DESIGN §5), as one table: for each viewer kind and each visibility, what
 * post detail answers (status, open or locked and why), which media carry urls (teasers always, the rest
 * only when open), that every media keeps its blurred preview, and whether the post shows in the
 * creator's grid (all and "locked" filters) and in the viewer's home feed.
 *
 *   viewer           detail   Everyone  PPV     Members  Members+PPV   grid     feed
 *   guest            200      open      ppv     members  members_or_ppv listed  -      (guests cannot follow)
 *   follower         200      open      ppv     members  members_or_ppv listed  listed
 *   member           200      open      ppv     open     open          listed   listed (through the membership)
 *   member in grace  200      open      ppv     open     open          listed   listed
 *   renewing member  200      open      ppv     open     open          listed   listed (period just ended)
 *   lapsed member    200      open      ppv     members  members_or_ppv listed  -      (ended over an hour ago)
 *   buyer            200      open      open    members  open          listed   listed (bought 2 and 4)
 *   blocked          404 4001  -         -       -        -             30023    -
 *   geo-blocked      30023    -         -       -        -             30023    -
 *   owner            200      open      open    open     open          listed   listed
 *
 * The media helper extends this file to fetch every size url and HLS segment of each answer. The last test
 * reads every viewer's home feed twice from one address, the second time from the answer kept in memory
 * (answer-cache.ts), and checks it is the same answer with the same locks.
 */
import {
  addBlockedLocation,
  Caching,
  ErrorCodes,
  homeFeed,
  postDetail,
  userPosts,
  Visibility,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { PREVIEW_DATA_URL } from '../../test/media-factories.ts'
import { grantUnlock, makeMember, makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block, follow } from '../../test/social-factories.ts'
import { MembershipStatus, RENEWAL_WINDOW_MINUTES } from '../entitlements/policy.ts'
import { posts as postsTable } from './schema.ts'

/** Checked against the shipped GeoIP data: GB (England). */
const LONDON = '81.2.69.142'
const DAY_MS = 86_400_000

type Lock = 'open' | 'ppv' | 'members' | 'members_or_ppv'
type Kind =
  | 'guest'
  | 'follower'
  | 'member'
  | 'member in grace'
  | 'renewing member'
  | 'lapsed member'
  | 'buyer'
  | 'blocked'
  | 'geo-blocked'
  | 'owner'

interface Row {
  viewer: Kind
  /** HTTP status and error code of post detail (null code: 200). */
  detail: { status: number; code: number | null }
  /** What the viewer gets per visibility 1-4, when detail answers 200. */
  access: [Lock, Lock, Lock, Lock] | null
  /** user_posts: 'listed', or the error code it answers. */
  grid: 'listed' | number
  /** In the home feed. */
  feed: boolean
}

const OK = { status: 200, code: null }
const LOCKED_FOR_FANS: Row['access'] = ['open', 'ppv', 'members', 'members_or_ppv']
const FOR_MEMBERS: Row['access'] = ['open', 'ppv', 'open', 'open']
const ALL_OPEN: Row['access'] = ['open', 'open', 'open', 'open']

const table: Row[] = [
  { viewer: 'guest', detail: OK, access: LOCKED_FOR_FANS, grid: 'listed', feed: false },
  { viewer: 'follower', detail: OK, access: LOCKED_FOR_FANS, grid: 'listed', feed: true },
  { viewer: 'member', detail: OK, access: FOR_MEMBERS, grid: 'listed', feed: true },
  { viewer: 'member in grace', detail: OK, access: FOR_MEMBERS, grid: 'listed', feed: true },
  { viewer: 'renewing member', detail: OK, access: FOR_MEMBERS, grid: 'listed', feed: true },
  { viewer: 'lapsed member', detail: OK, access: LOCKED_FOR_FANS, grid: 'listed', feed: false },
  { viewer: 'buyer', detail: OK, access: ['open', 'open', 'members', 'open'], grid: 'listed', feed: true },
  {
    viewer: 'blocked',
    detail: { status: 404, code: ErrorCodes.PostNotFound.code },
    access: null,
    grid: ErrorCodes.BlockedLocation.code,
    feed: false,
  },
  {
    viewer: 'geo-blocked',
    detail: { status: 404, code: ErrorCodes.BlockedLocation.code },
    access: null,
    grid: ErrorCodes.BlockedLocation.code,
    feed: false,
  },
  { viewer: 'owner', detail: OK, access: ALL_OPEN, grid: 'listed', feed: true },
]

const visibilities = [Visibility.Everyone, Visibility.PPV, Visibility.Members, Visibility.MembersAndPPV]

interface Who {
  token: string
  userId: number
  ip?: string
}

let t: TestApp
let creator: Account
const viewers = new Map<Kind, Who>()
/** Post id per visibility, and its media: [teaser image, image, video]. */
const posts = new Map<number, { postId: number; mediaIds: number[] }>()

beforeAll(async () => {
  t = await startTestApp()
  creator = await makeVerifiedCreator(t)
  for (const visibility of visibilities) {
    const made = await makePost(t, creator, {
      visibility,
      media: [{ free: true }, {}, { kind: 'video', seconds: 12 }],
    })
    posts.set(visibility, made)
  }
  const guest = await makeGuest(t)
  viewers.set('guest', { token: guest.token, userId: guest.user_id })
  const account = async (kind: Kind, setUp: (fan: Account) => Promise<void>, ip?: string) => {
    const fan = await makeAccount(t)
    await setUp(fan)
    viewers.set(kind, { ...fan, ...(ip ? { ip } : {}) })
  }
  await account('follower', (fan) => follow(t, fan, creator).then(() => undefined))
  await account('member', (fan) => makeMember(t, fan, creator))
  await account('member in grace', (fan) =>
    makeMember(t, fan, creator, {
      status: MembershipStatus.Grace,
      periodEndMs: -DAY_MS,
      graceUntilMs: DAY_MS,
    }),
  )
  // Active past its period end: open while the renewal runs (RENEWAL_WINDOW_MINUTES), locked after it.
  await account('renewing member', (fan) => makeMember(t, fan, creator, { periodEndMs: -1000 }))
  await account('lapsed member', (fan) =>
    makeMember(t, fan, creator, { periodEndMs: -(RENEWAL_WINDOW_MINUTES + 1) * 60_000 }),
  )
  await account('buyer', async (fan) => {
    await follow(t, fan, creator)
    for (const v of [Visibility.PPV, Visibility.MembersAndPPV])
      await grantUnlock(t, fan, posts.get(v)?.postId ?? 0)
  })
  await account('blocked', async (fan) => {
    await follow(t, fan, creator)
    await block(t, creator, fan)
  })
  await account('geo-blocked', (fan) => follow(t, fan, creator).then(() => undefined), LONDON)
  viewers.set('owner', creator)
  const place = await t.call(addBlockedLocation, { country: 'GB' }, { token: creator.token })
  expect(place.status).toBe(200)
})
afterAll(() => t.close())

function who(kind: Kind): Who {
  const viewer = viewers.get(kind)
  if (!viewer) throw new Error(`no viewer ${kind}`)
  return viewer
}

const callAs = (viewer: Who) => ({ token: viewer.token, ...(viewer.ip ? { remoteAddress: viewer.ip } : {}) })
const ids = (res: { body: { data: { list: { post_id: number }[] } } }) =>
  res.body.data.list.map((post) => post.post_id)

describe.each(table)('$viewer', (row) => {
  it.each(visibilities)('post detail of visibility %i', async (visibility) => {
    const made = posts.get(visibility)
    if (!made) throw new Error('post missing')
    const res = await t.call(postDetail, { id: made.postId }, callAs(who(row.viewer)))
    expect(res.status).toBe(row.detail.status)
    if (row.detail.code !== null) {
      expect(res.body.error.code).toBe(row.detail.code)
      return
    }
    expect(res.headers['cache-control']).toBe('private, no-store')
    const expected = row.access?.[visibility - 1]
    const post = res.body.data.post
    const [teaser, locked, video] = made.mediaIds
    if (expected === 'open') {
      expect(post.lock).toBeNull()
      for (const media of post.media) expect(media.urls).not.toBeNull()
    } else {
      expect(post.lock).toEqual({
        reason: expected,
        price: expected === 'members' ? null : 120,
        images: 2,
        videos: 1,
        duration: 12,
      })
      const byId = new Map(post.media.map((m: { media_id: number; urls: unknown }) => [m.media_id, m.urls]))
      expect(byId.get(teaser)).not.toBeNull()
      expect(byId.get(locked)).toBeNull()
      expect(byId.get(video)).toBeNull()
      // No signed url of a locked media anywhere in the answer.
      const text = JSON.stringify(res.body)
      for (const id of [locked, video]) expect(text).not.toContain(`/fapi/media/${id}/`)
    }
    expect(post.media.map((m: { media_id: number }) => m.media_id)).toEqual(made.mediaIds)
    for (const media of post.media) expect(media.preview).toBe(PREVIEW_DATA_URL)
    expect(post.media[2]).toMatchObject({ kind: 'video', duration: 12, width: 1200, height: 1600 })
  })

  it('the creator grid (all, and locked for this viewer)', async () => {
    const viewer = who(row.viewer)
    const all = await t.call(userPosts, { user_id: creator.userId }, callAs(viewer))
    const lockedOnly = await t.call(userPosts, { user_id: creator.userId, filter: 'locked' }, callAs(viewer))
    if (row.grid !== 'listed') {
      expect(all.body.error.code).toBe(row.grid)
      return
    }
    expect(all.headers['cache-control']).toBe('private, no-store')
    const everyPost = visibilities.map((v) => posts.get(v)?.postId)
    expect(ids(all)).toEqual([...everyPost].reverse())
    const lockedPosts = visibilities
      .filter((v) => row.access?.[v - 1] !== 'open')
      .map((v) => posts.get(v)?.postId)
    expect(ids(lockedOnly)).toEqual([...lockedPosts].reverse())
    // The grid presents each post exactly as detail does.
    for (const post of all.body.data.list) {
      const open = row.access?.[post.visibility - 1] === 'open'
      expect(post.lock === null).toBe(open)
    }
  })

  it('the home feed', async () => {
    const res = await t.call(homeFeed, {}, callAs(who(row.viewer)))
    expect(res.status).toBe(200)
    const everyPost = visibilities.map((v) => posts.get(v)?.postId)
    expect(ids(res)).toEqual(row.feed ? [...everyPost].reverse() : [])
    for (const post of res.body.data.list) {
      expect(post.lock === null).toBe(row.access?.[post.visibility - 1] === 'open')
    }
  })
})

describe('the home feed kept per viewer', () => {
  it('answers every viewer kind from memory exactly as from the database, locks included', async () => {
    // Nothing about a user is kept within Caching.settleMs of their last change (the setup's calls).
    await new Promise((resolve) => setTimeout(resolve, Caching.settleMs + 100))
    const at = (viewer: Who) => ({ token: viewer.token, remoteAddress: viewer.ip ?? '198.51.100.7' })
    const first = new Map<Kind, unknown>()
    for (const row of table) first.set(row.viewer, (await t.call(homeFeed, {}, at(who(row.viewer)))).body)
    // A caption changed behind the app's back: an answer that still has the old one was kept.
    const everyone = posts.get(Visibility.Everyone)?.postId as number
    const [before] = await t.database.db
      .select({ caption: postsTable.caption })
      .from(postsTable)
      .where(eq(postsTable.id, everyone))
    await t.database.db
      .update(postsTable)
      .set({ caption: 'changed behind the back' })
      .where(eq(postsTable.id, everyone))
    try {
      for (const row of table) {
        const kept = await t.call(homeFeed, {}, at(who(row.viewer)))
        expect(kept.body).toEqual(first.get(row.viewer))
        const everyPost = visibilities.map((v) => posts.get(v)?.postId)
        expect(ids(kept)).toEqual(row.feed ? [...everyPost].reverse() : [])
        for (const post of kept.body.data.list) {
          expect(post.lock === null).toBe(row.access?.[post.visibility - 1] === 'open')
          expect(post.caption).not.toBe('changed behind the back')
        }
      }
    } finally {
      await t.database.db
        .update(postsTable)
        .set({ caption: before?.caption ?? '' })
        .where(eq(postsTable.id, everyone))
    }
  })
})
