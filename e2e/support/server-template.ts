import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startServer } from './server.ts'

/**
 * The name under which the path of a started server's database folder is provided to the journey files
 * (vitest's `provide` / `inject`; its ProvidedContext type does not take a declaration from here, so both
 * sides name the key through this constant).
 */
export const SERVER_DATA_TEMPLATE = 'serverDataTemplate'

/**
 * Vitest global set-up of the journeys: starts the real server once on an empty data folder (it migrates
 * the database and creates the job queue's schema, as a first `npm start` does), stops it gracefully, and
 * keeps its database folder. Each journey file's server starts on a copy, as a restarted deployment does,
 * instead of migrating a database of its own (seconds per file on a loaded two-core machine). A first
 * start that fails fails the whole run here.
 */
export default async function setup(project: TestProject) {
  const provide = project.provide.bind(project) as (key: string, value: string) => void
  const server = await startServer()
  await server.halt()
  const dir = mkdtempSync(path.join(tmpdir(), 'velvet-e2e-template-'))
  const database = path.join(dir, 'pg')
  server.keepDatabase(database)
  await server.stop()
  provide(SERVER_DATA_TEMPLATE, database)
  return () => rmSync(dir, { recursive: true, force: true })
}
