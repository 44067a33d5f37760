/**
 * A mass message to 5,000 recipients with two worker processes on one PostgreSQL, one of them killed
 * (SIGKILL) mid-send: every recipient gets the message exactly once, with their unread counter
 * moved once, and the mass message ends successful. `npm run test:pg` sets DATABASE_URL and REDIS_URL in CI.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MassKind, MassStatus, massCreate } from '@velvet/contract'
import { and, count, countDistinct, eq, sql } from 'drizzle-orm'
import { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../platform/db.ts'
import { scratchPostgresDatabase } from '../../test/database.ts'
import { startTestApp, TEST_CLIENT_KEY, type TestApp } from '../../test/harness.ts'
import { bulkFollowers } from '../../test/mass-factories.ts'
import { makeVerifiedCreator } from '../../test/post-factories.ts'
import {
  callOverHttp,
  freePort,
  type ServerProcess,
  startServerProcess,
  waitFor,
  waitUntilReady,
} from '../../test/processes.ts'
import { chatMessages, conversationSides } from '../chat/schema.ts'
import { massStartJob } from './jobs.ts'
import { massMessages, massRecipients } from './schema.ts'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
const RECIPIENTS = 5_000

interface Node {
  url: string
  process: ServerProcess
  dataDir: string
}

describe.skipIf(!databaseUrl)('a mass message across two worker processes', { timeout: 600_000 }, () => {
  let scratch: { url: string; drop(): Promise<void> }
  let database: Database
  let t: TestApp
  const nodes: Node[] = []

  beforeAll(async () => {
    scratch = await scratchPostgresDatabase(databaseUrl as string)
    database = await openDatabase({ url: scratch.url, onIdleError: () => undefined })
    await runMigrations(database)
    t = await startTestApp({}, { database })
    // The processes run on the real clock: sessions are made at the real time too.
    t.clock.set(new Date())
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-mass-node-'))
      const proc = startServerProcess({
        PORT: String(port),
        DATABASE_URL: scratch.url,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        DATA_DIR: dataDir,
        SIGNING_CLIENT_KEY: TEST_CLIENT_KEY,
        RATE_LIMIT_PER_MINUTE: '1000000',
        RUN_MODE: 'both',
        LOG_LEVEL: 'warn',
      })
      nodes.push({ url: `http://127.0.0.1:${port}`, process: proc, dataDir })
      await waitUntilReady(port, 120_000)
    }
  }, 300_000)

  afterAll(async () => {
    for (const node of nodes) {
      if (node.process.child.exitCode === null) node.process.child.kill('SIGTERM')
      await node.process.exited
      rmSync(node.dataDir, { recursive: true, force: true })
    }
    await t?.close()
    await database?.close()
    await scratch?.drop()
  })

  it('delivers to each of 5,000 recipients exactly once although a worker is killed mid-send', async () => {
    const [first, second] = nodes as [Node, Node]
    const creator = await makeVerifiedCreator(t)
    const fans = await bulkFollowers(database.db, creator.userId, RECIPIENTS)
    const made = await callOverHttp(
      first.url,
      massCreate,
      {
        client_id: `two-workers-${Date.now()}`,
        kind: MassKind.Message,
        audience: { kind: 'followers' },
        text: 'To all',
      },
      { token: creator.token },
    )
    expect(made.ok).toBe(true)
    const massId = made.data?.mass.mass_id as number

    const db = database.db
    const delivered = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(massRecipients)
        .where(and(eq(massRecipients.massId, massId), eq(massRecipients.state, 1)))
      return row?.n ?? 0
    }
    // Kill the first worker once delivery is well under way (SIGKILL: no graceful stop, open transactions lost).
    await waitFor(async () => (await delivered()) >= 300, 120_000)
    first.process.child.kill('SIGKILL')
    await first.process.exited
    const atKill = await delivered()
    const killedAt = Date.now()
    expect(atKill).toBeLessThan(RECIPIENTS)

    // The survivor's minute sweep resumes delivery; nudge it now rather than waiting for the cron.
    const boss = new PgBoss({ connectionString: scratch.url, supervise: false, schedule: false })
    await boss.start()
    try {
      await boss.send(massStartJob.name, {})
      // Generous: about 75 s on an idle two-core machine, over 240 s when other suites share its CPUs.
      await waitFor(async () => {
        const [row] = await db
          .select({ status: massMessages.status })
          .from(massMessages)
          .where(eq(massMessages.id, massId))
        return row?.status === MassStatus.Successful
      }, 420_000)
    } finally {
      await boss.stop({ graceful: false, close: true, timeout: 2_000 })
    }
    expect(second.process.child.exitCode).toBeNull()
    console.info(`mass two-workers: ${atKill} delivered when killed, the rest in ${Date.now() - killedAt} ms`)

    const copies = await db
      .select({ n: count(), recipients: countDistinct(chatMessages.conversationId) })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.senderId, creator.userId),
          sql`${chatMessages.clientMsgId} LIKE ${`mass:${massId}:%`}`,
        ),
      )
    expect(copies[0]).toEqual({ n: RECIPIENTS, recipients: RECIPIENTS })
    expect(await delivered()).toBe(RECIPIENTS)
    // Each recipient's unread counter moved once (the counter is written with the message).
    const sides = await db
      .select({ unread: conversationSides.unread, n: count() })
      .from(conversationSides)
      .where(
        sql`${conversationSides.userId} IN (${sql.join(
          fans.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .groupBy(conversationSides.unread)
    expect(sides).toEqual([{ unread: 1, n: RECIPIENTS }])
  })
})
