import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Database, openDatabase, runMigrations } from '../platform/db.ts'
import { scratchPostgresDatabase } from './database.ts'
import { startTestApp, TEST_CLIENT_KEY, type TestApp } from './harness.ts'
import { freePort, type ServerProcess, startServerProcess, waitUntilReady } from './processes.ts'

export interface ServerNode {
  url: string
  process: ServerProcess
  dataDir: string
}

export interface Cluster {
  /** An in-process app on the same database (no Redis), for factories and direct service calls. */
  t: TestApp
  database: Database
  nodes: ServerNode[]
  close(): Promise<void>
}

/**
 * A scratch database on the PostgreSQL server of `serverUrl`, an in-process test app on it, and `count` real
 * server processes (`node src/main.ts`, web mode) on it, each on a free port with its own data folder and
 * these variables (e.g. REDIS_URL). The processes run on the real clock, so the test app's clock is set to
 * now for the sessions its factories make.
 */
export async function startCluster(serverUrl: string, count: number, env: Record<string, string>) {
  const scratch = await scratchPostgresDatabase(serverUrl)
  // The drop at the end terminates whatever connection is still idle in the pool: expected, not a failure.
  const database = await openDatabase({ url: scratch.url, onIdleError: () => undefined })
  await runMigrations(database)
  const t = await startTestApp({}, { database })
  t.clock.set(new Date())
  const nodes: ServerNode[] = []
  const close = async () => {
    for (const node of nodes) {
      if (node.process.child.exitCode === null) node.process.child.kill('SIGTERM')
      await node.process.exited
      rmSync(node.dataDir, { recursive: true, force: true })
    }
    await t.close()
    await database.close()
    await scratch.drop()
  }
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort()
      const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-node-'))
      const proc = startServerProcess({
        PORT: String(port),
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        SIGNING_CLIENT_KEY: TEST_CLIENT_KEY,
        RATE_LIMIT_PER_MINUTE: '1000000',
        RUN_MODE: 'web',
        LOG_LEVEL: 'warn',
        ...env,
      })
      nodes.push({ url: `http://127.0.0.1:${port}`, process: proc, dataDir })
      await waitUntilReady(port, 120_000)
    }
  } catch (err) {
    await close()
    throw err
  }
  return { t, database, nodes, close } satisfies Cluster
}
