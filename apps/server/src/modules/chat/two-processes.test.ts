/**
 * Chat across two server processes on one PostgreSQL and one Redis (issue 7): a message sent through one
 * process reaches the recipient's socket on the other, and many sends through both, with retries of the
 * same client id, are each stored once and delivered once. `npm run test:pg` sets both URLs in CI.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chatMessages, chatSend, conversationOpen, SocketChannels } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../platform/db.ts'
import { scratchPostgresDatabase } from '../../test/database.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, TEST_CLIENT_KEY, type TestApp } from '../../test/harness.ts'
import {
  callOverHttp,
  freePort,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../../test/processes.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { collect, connectSocket } from '../../test/sockets.ts'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL

interface Node {
  url: string
  process: ServerProcess
  dataDir: string
}

describe.skipIf(!databaseUrl || !redisUrl)('chat across two server processes', { timeout: 300_000 }, () => {
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
      const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-chat-node-'))
      const proc = startServerProcess({
        PORT: String(port),
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl as string,
        DATA_DIR: dataDir,
        SIGNING_CLIENT_KEY: TEST_CLIENT_KEY,
        RATE_LIMIT_PER_MINUTE: '1000000',
        RUN_MODE: 'web',
        LOG_LEVEL: 'warn',
      })
      nodes.push({ url: `http://127.0.0.1:${port}`, process: proc, dataDir })
      await waitUntilReady(port, 120_000)
    }
  }, 300_000)

  afterAll(async () => {
    for (const node of nodes) {
      if (node.process.child.exitCode === null) node.process.child.kill('SIGTERM')
      rmSync(node.dataDir, { recursive: true, force: true })
    }
    await t?.close()
    await database?.close()
    await scratch?.drop()
  })

  const call = async <C extends Parameters<typeof callOverHttp>[1]>(
    node: Node,
    def: C,
    input: Record<string, unknown>,
    who: Account,
  ) => {
    const res = await callOverHttp(node.url, def, input, { token: who.token })
    if (!res.ok || !res.data) throw new Error(`${def.path} answered ${res.status} (${res.code})`)
    return res.data
  }

  it('stores each of 50 sends through both processes once (retries included) and delivers each once', async () => {
    const [first, second] = nodes as [Node, Node]
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const { conversation } = await call(first, conversationOpen, { user_id: creator.userId }, fan)
    const id = conversation.conversation_id
    // The creator listens on the second process only.
    const socket = await connectSocket(second.url, { token: creator.token })
    try {
      const events = collect(socket, SocketChannels.chatMessage)
      const clientIds = Array.from({ length: 50 }, (_, i) => `two-proc-${fan.userId}-${i}`)
      // Each message is sent twice, once through each process, at the same time (a retry after a lost answer):
      // 100 sends, within the 120 a minute one address may make.
      await Promise.all(
        clientIds.flatMap((clientId, i) =>
          [first, second].map((node) =>
            call(node, chatSend, { conversation_id: id, client_msg_id: clientId, text: `message ${i}` }, fan),
          ),
        ),
      )
      const stored = await call(first, chatMessages, { conversation_id: id, limit: 100 }, creator)
      let all = stored.list
      let cursor = stored.cursor
      while (cursor) {
        const page = await call(second, chatMessages, { conversation_id: id, limit: 100, cursor }, creator)
        all = all.concat(page.list)
        cursor = page.cursor
      }
      expect(all).toHaveLength(50)
      expect(new Set(all.map((message) => message.client_msg_id)).size).toBe(50)
      // One chat_message per stored message reached the socket on the other process.
      for (let i = 0; i < 50; i++) await events.next(10_000)
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(events.received).toHaveLength(0)
      const totals = await t.app.services.chat.unreadTotals(creator.userId)
      expect(totals).toEqual({ TC: 50, SC: 0 })
    } finally {
      socket.close()
    }
  })
})
