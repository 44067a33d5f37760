import { createPost, savePost, UserRole, Visibility } from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { users } from '../modules/auth/schema.ts'
import { creatorVerifications } from '../modules/creator/schema.ts'
import { MembershipStatus } from '../modules/entitlements/policy.ts'
import { createEntitlementsRepo } from '../modules/entitlements/repo.ts'
import { makeAccount } from './factories.ts'
import type { TestApp } from './harness.ts'
import { makeMedia, type ReadyMediaOptions } from './media-factories.ts'
import type { Account } from './social-factories.ts'

const DAY_MS = 86_400_000

/** A creator who passed identity verification (may sell paid posts). */
export async function makeVerifiedCreator(t: TestApp): Promise<Account> {
  const creator = await makeAccount(t)
  await verifyAsCreator(t, creator)
  return creator
}

/** Makes an account a creator who passed identity verification (as the partner's approval leaves it). */
export async function verifyAsCreator(t: TestApp, account: Account): Promise<void> {
  await t.database.db.update(users).set({ userRole: UserRole.Creator }).where(eq(users.id, account.userId))
  await t.database.db.insert(creatorVerifications).values({
    userId: account.userId,
    partner: 'sandbox',
    partnerSessionId: `test-${account.userId}`,
    status: 'approved',
    returnPath: '/',
    decidedAt: t.clock.now(),
  })
}

export interface PostSpec {
  visibility?: number
  price?: number | null
  caption?: string
  /** The media, in order; `free` marks a teaser. Default: one image. */
  media?: Array<ReadyMediaOptions & { free?: boolean }>
  action?: 'draft' | 'publish' | 'schedule'
  publishAt?: number
}

/** Creates and saves a post through HTTP (published by default); answers its id, media ids and answer. */
export async function makePost(t: TestApp, creator: Account, spec: PostSpec = {}) {
  const created = await t.call(createPost, { from: 1 }, { token: creator.token })
  if (created.status !== 200) throw new Error(`create post failed: ${JSON.stringify(created.body)}`)
  const postId: number = created.body.data.post_id
  const items = spec.media ?? [{}]
  const mediaIds: number[] = []
  for (const item of items) mediaIds.push(await makeMedia(t, creator.userId, item))
  const visibility = spec.visibility ?? Visibility.Everyone
  const paid = visibility === Visibility.PPV || visibility === Visibility.MembersAndPPV
  const res = await t.call(
    savePost,
    {
      post_id: postId,
      action: spec.action ?? 'publish',
      caption: spec.caption ?? `Post ${postId}`,
      media: mediaIds.map((id, i) => ({ media_id: id, is_free_preview: items[i]?.free ?? false })),
      visibility,
      price: spec.price !== undefined ? spec.price : paid ? 120 : null,
      ...(spec.publishAt !== undefined ? { publish_at: spec.publishAt } : {}),
    },
    { token: creator.token },
  )
  if (res.status !== 200) throw new Error(`save post failed: ${JSON.stringify(res.body)}`)
  return { postId, mediaIds, body: res.body.data }
}

/** The fan bought the post (what the money issue's purchase will write). */
export async function grantUnlock(t: TestApp, fan: Account, postId: number) {
  await createEntitlementsRepo(t.database.db).grantUnlock(fan.userId, postId, t.clock.now())
}

/** A membership of the fan to the creator: active for 30 days by default. */
export async function makeMember(
  t: TestApp,
  fan: Account,
  creator: Account,
  state: { status?: number; periodEndMs?: number; graceUntilMs?: number | null } = {},
) {
  const now = t.clock.now().getTime()
  await createEntitlementsRepo(t.database.db).writeMembership(
    {
      fanId: fan.userId,
      creatorId: creator.userId,
      status: state.status ?? MembershipStatus.Active,
      currentPeriodEnd: new Date(now + (state.periodEndMs ?? 30 * DAY_MS)),
      graceUntil:
        state.graceUntilMs === undefined || state.graceUntilMs === null
          ? null
          : new Date(now + state.graceUntilMs),
    },
    t.clock.now(),
  )
}
