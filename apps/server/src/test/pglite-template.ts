import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase, runMigrations } from '../platform/db.ts'

/**
 * The name under which the path of the migrated, empty PGlite data folder (a tarball; null on PostgreSQL) is
 * provided to the test files (vitest's `provide` / `inject`; its ProvidedContext type does not take our
 * declaration here, so both sides name the key through this constant).
 */
export const PGLITE_TEMPLATE = 'pgliteTemplate'

/**
 * Vitest global set-up of the server tests: migrates one in-memory PGlite once per run and saves its data
 * folder, so that `freshDatabase()` loads it (about 0.3 s) instead of creating and migrating a database in
 * every test file (about 1.5 s on the two-core machines). Nothing to do on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const provide = project.provide.bind(project) as (key: string, value: string | null) => void
  if (process.env.DATABASE_URL) {
    provide(PGLITE_TEMPLATE, null)
    return
  }
  const database = await openDatabase({})
  if (database.kind !== 'pglite') throw new Error('expected PGlite')
  await runMigrations(database)
  const dump = await database.pglite.dumpDataDir('none')
  await database.close()
  const dir = mkdtempSync(path.join(tmpdir(), 'velvet-pglite-'))
  const file = path.join(dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  provide(PGLITE_TEMPLATE, file)
  return () => rmSync(dir, { recursive: true, force: true })
}
