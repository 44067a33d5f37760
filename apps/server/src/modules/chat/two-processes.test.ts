/**
 * Chat across two server processes on one PostgreSQL and one Redis: a message sent through one
 * process reaches the recipient's socket on the other, and many sends through both, with retries of the
 * same client id, are each stored once and delivered once. `npm run test:pg` sets both URLs in CI.
 */
import { chatMessages, chatSend, conversationOpen, SocketChannels } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, type ServerNode, startCluster } from '../../test/cluster.ts'
import { makeAccount } from '../../test/factories.ts'
import { callOverHttp } from '../../test/processes.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { collect, connectSocket } from '../../test/sockets.ts'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL

describe.skipIf(!databaseUrl || !redisUrl)('chat across two server processes', { timeout: 300_000 }, () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster(databaseUrl as string, 2, { REDIS_URL: redisUrl as string })
  }, 300_000)

  afterAll(async () => {
    await cluster?.close()
  })

  const call = async <C extends Parameters<typeof callOverHttp>[1]>(
    node: ServerNode,
    def: C,
    input: Record<string, unknown>,
    who: Account,
  ) => {
    const res = await callOverHttp(node.url, def, input, { token: who.token })
    if (!res.ok || !res.data) throw new Error(`${def.path} answered ${res.status} (${res.code})`)
    return res.data
  }

  it('stores each of 50 sends through both processes once (retries included) and delivers each once', async () => {
    const { t, nodes } = cluster
    const [first, second] = nodes as [ServerNode, ServerNode]
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
