/**
 * The one-per-6-hours limit of mass messages under simultaneous creates, through HTTP: the window
 * is checked and the new message stored under a per-creator lock, so however many creates arrive at once
 * (each with its own client_id, now or scheduled within 6 hours of each other) exactly one is stored. The
 * race shows on PostgreSQL (`npm run test:pg`); PGlite's single connection serialises the transactions.
 */
import { ErrorCodes, MassKind, massCreate } from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { bulkFollowers } from '../../test/mass-factories.ts'
import { makeVerifiedCreator } from '../../test/post-factories.ts'
import { massMessages } from './schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('one mass message per 6 hours, under simultaneous creates', () => {
  it('stores exactly one of 24 creates sent at once', async () => {
    const creator = await makeVerifiedCreator(t)
    await bulkFollowers(t.database.db, creator.userId, 3)
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.call(
          massCreate,
          {
            client_id: `race-${process.pid}-${i}`,
            kind: MassKind.Message,
            audience: { kind: 'followers' },
            text: `Hello ${i}`,
            // Half now, half scheduled within the next 2 hours: every pair is within 6 hours.
            send_at: i % 2 === 0 ? null : now + 120 + i * 600,
          },
          creator,
        ),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.body.error.code === ErrorCodes.MassTooSoon.code),
    ).toBe(true)
    const stored = await t.database.db
      .select({ id: massMessages.id })
      .from(massMessages)
      .where(eq(massMessages.creatorId, creator.userId))
    expect(stored).toHaveLength(1)
  })
})
