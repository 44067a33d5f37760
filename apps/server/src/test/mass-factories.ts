import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../platform/db.ts'

/**
 * `n` signed-up fans who follow `creatorId`, written straight into the tables in one statement: the
 * mass message tests need thousands of followers, which sign-ups through HTTP would take minutes to make.
 */
export async function bulkFollowers(db: Db, creatorId: number, n: number): Promise<number[]> {
  const tag = randomBytes(4).toString('hex')
  const result = (await db.execute(sql`
    WITH made AS (
      INSERT INTO users (user_type, user_name, nickname, profile_completed_at)
      SELECT 0, ${`bulk_${tag}_`} || g, 'Fan', now() FROM generate_series(1, ${n}::int) g
      RETURNING id)
    INSERT INTO follows (follower_id, followee_id) SELECT id, ${creatorId} FROM made
    RETURNING follower_id`)) as unknown as { rows: { follower_id: number | string }[] }
  return result.rows.map((row) => Number(row.follower_id)).sort((a, b) => a - b)
}
