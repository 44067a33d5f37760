import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase } from '../test/database.ts'
import { type Database, executePrepared } from './db.ts'

let database: Database
beforeAll(async () => {
  database = await freshDatabase()
})
afterAll(() => database.close())

const onPostgres = Boolean(process.env.DATABASE_URL)

describe(`executePrepared on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs a statement inside a transaction, on its connection, and reads times as Drizzle does', async () => {
    const { db } = database
    const { first, prepared } = await db.transaction(async (tx) => {
      const first = await executePrepared<{ n: number; at: unknown }>(
        tx,
        'velvet_test_now',
        sql`SELECT ${5}::int AS n, now() AS at`,
      )
      const prepared = await executePrepared<{ name: string }>(
        tx,
        'velvet_test_list',
        sql`SELECT name FROM pg_prepared_statements WHERE name = ${'velvet_test_now'}`,
      )
      return { first, prepared }
    })
    expect(first[0]?.n).toBe(5)
    // Drizzle hands timestamps over as PostgreSQL's text; a prepared statement reads them the same way.
    expect(typeof first[0]?.at).toBe('string')
    // On PostgreSQL the statement was prepared by name on the transaction's own connection (the view lists
    // the statements of the session that reads it).
    expect(prepared.map((row) => row.name)).toEqual(onPostgres ? ['velvet_test_now'] : [])
  })

  it('sees what the transaction wrote before it commits, and nothing after a rollback', async () => {
    const { db } = database
    await db.execute(sql`CREATE TABLE IF NOT EXISTS prepared_probe (v int)`)
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO prepared_probe VALUES (1)`)
      const inside = await executePrepared<{ c: number }>(
        tx,
        'velvet_test_probe_count',
        sql`SELECT count(*)::int AS c FROM prepared_probe`,
      )
      expect(inside[0]?.c).toBe(1)
      throw new Error('roll back')
    })
    await expect(failed).rejects.toThrow('roll back')
    const after = await executePrepared<{ c: number }>(
      db,
      'velvet_test_probe_count',
      sql`SELECT count(*)::int AS c FROM prepared_probe`,
    )
    expect(after[0]?.c).toBe(0)
  })
})
