import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'

/** Questions other modules ask about media (media owns the table; they read it only through these). */

/** Whether any of these media is a video (in the caller's transaction when given one). */
export async function anyVideo(conn: Db | Tx, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return false
  const result = (await conn.execute(sql`
        SELECT EXISTS (SELECT 1 FROM media WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND kind = 'video') AS video`)) as unknown as { rows: { video: boolean }[] }
  return result.rows[0]?.video === true
}
