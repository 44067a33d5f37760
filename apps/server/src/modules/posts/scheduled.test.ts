/**
 * Scheduled publishing with the real job queue: two app processes (each with its pg-boss workers) share
 * one database; every due post is published exactly once (published_at = publish_at, the creator's post
 * counter exact), however many jobs and workers run; drafted or deleted posts never publish.
 */
import { deletePost, editPost, PostState, profileView } from '@velvet/contract'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../platform/db.ts'
import { freshDatabase } from '../../test/database.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { publishJob } from './jobs.ts'
import { posts } from './schema.ts'

let database: Database
let first: TestApp
let second: TestApp

beforeAll(async () => {
  database = await freshDatabase()
  first = await startTestApp({}, { database, jobs: true })
  second = await startTestApp({}, { database, jobs: true })
})
afterAll(async () => {
  await first?.close()
  await second?.close()
  await database?.close()
})

async function waitFor(done: () => Promise<boolean>, what: string) {
  // Bounded wait for the workers (they poll every 2 s); fails with a clear message instead of hanging.
  for (let i = 0; i < 150; i++) {
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

it('publishes each due post exactly once across two processes', async () => {
  const t = first
  const [alice, bob] = [await makeVerifiedCreator(t), await makeVerifiedCreator(t)]
  const start = Math.floor(t.clock.now().getTime() / 1000)
  const due: number[] = []
  for (let i = 0; i < 6; i++) {
    const author = i % 2 ? alice : bob
    const made = await makePost(t, author, { action: 'schedule', publishAt: start + 120 + i * 30 })
    due.push(made.postId)
  }
  const later = await makePost(t, alice, { action: 'schedule', publishAt: start + 7200 })
  const drafted = await makePost(t, alice, { action: 'schedule', publishAt: start + 150 })
  await t.call(editPost, { post_id: drafted.postId }, { token: alice.token })
  const deleted = await makePost(t, bob, { action: 'schedule', publishAt: start + 150 })
  await t.call(deletePost, { post_id: deleted.postId }, { token: bob.token })

  // The posts' own jobs already ran (their start time is in the real past) and found nothing due yet.
  const stateOf = async (ids: number[]) =>
    database.db
      .select({
        id: posts.id,
        state: posts.state,
        publishAt: posts.publishAt,
        publishedAt: posts.publishedAt,
      })
      .from(posts)
      .where(inArray(posts.id, ids))
  expect((await stateOf(due)).every((row) => row.state === PostState.Scheduled)).toBe(true)

  // Time passes for both processes; both get duplicate jobs at once.
  for (const app of [first, second]) app.clock.advance(15 * 60_000)
  const boss = [first.jobs, second.jobs]
  await Promise.all(boss.flatMap((jobs) => [1, 2, 3].map(() => jobs?.send(publishJob.name, {}))))
  await waitFor(
    async () => (await stateOf(due)).every((row) => row.state === PostState.Published),
    'publishing',
  )

  for (const row of await stateOf(due)) expect(row.publishedAt).toEqual(row.publishAt)
  const counts = async (userId: number) =>
    (await t.call(profileView, { user_id: userId }, { token: alice.token })).body.data.profile.counts.posts
  expect(await counts(alice.userId)).toBe(3)
  expect(await counts(bob.userId)).toBe(3)

  const [laterRow] = await stateOf([later.postId])
  expect(laterRow?.state).toBe(PostState.Scheduled)
  const [draftedRow] = await database.db.select().from(posts).where(eq(posts.id, drafted.postId))
  expect(draftedRow?.state).toBe(PostState.Draft)
  const [deletedRow] = await database.db.select().from(posts).where(eq(posts.id, deleted.postId))
  expect(deletedRow?.publishedAt).toBeNull()
})
