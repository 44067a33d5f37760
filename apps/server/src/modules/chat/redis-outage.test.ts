/**
 * Chat through a Redis outage: two server processes reach Redis through a TCP proxy that the test
 * cuts for 30 s while messages keep being sent through both. Every send is stored and answered, realtime
 * comes back within 5 s of Redis, and a client that refetches the conversation (as the web app does after
 * a reconnect or a chat_message) ends up with every message exactly once; a logout made meanwhile on one
 * process signs out that session's socket on the other once Redis is back. The shared Redis server is never
 * stopped. `npm run test:pg` sets both URLs in CI; the test takes about a minute.
 */
import {
  type ChatMessage,
  chatMessages,
  chatSend,
  conversationOpen,
  coreLogout,
  SocketChannels,
} from '@velvet/contract'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Cluster, type ServerNode, startCluster } from '../../test/cluster.ts'
import { makeAccount } from '../../test/factories.ts'
import { callOverHttp } from '../../test/processes.ts'
import { makeCreator } from '../../test/social-factories.ts'
import { connectSocket, sleep } from '../../test/sockets.ts'
import { startRedisProxy, type TcpProxy } from '../../test/tcp-proxy.ts'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL

const OUTAGE_MS = 30_000
const RESUME_WITHIN_MS = 5_000
/** A send during the outage must answer about as fast as without one (no waiting on Redis). */
const SEND_WITHIN_MS = 2_000

interface Send {
  clientId: string
  ok: boolean
  ms: number
  message: ChatMessage | null
}

describe.skipIf(!databaseUrl || !redisUrl)('chat through a Redis outage', () => {
  let proxy: TcpProxy
  let cluster: Cluster

  beforeAll(async () => {
    const proxied = await startRedisProxy(redisUrl as string)
    proxy = proxied.proxy
    cluster = await startCluster(databaseUrl as string, 2, { REDIS_URL: proxied.url })
  }, 300_000)

  afterAll(async () => {
    await cluster?.close()
    await proxy?.close()
  }, 60_000)

  it('stores every send during 30 s without Redis, resumes realtime within 5 s, and the client catches up', {
    timeout: 180_000,
  }, async () => {
    const { t, nodes } = cluster
    const [first, second] = nodes as [ServerNode, ServerNode]
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const opened = await callOverHttp(first.url, conversationOpen, { user_id: creator.userId }, fan)
    const conversationId = opened.data?.conversation.conversation_id as string

    const sends: Send[] = []
    let counter = 0
    /** One send as the web client makes it: a client id per message, kept for a retry. */
    async function send(node: ServerNode, clientId = `outage-${fan.userId}-${counter++}`): Promise<Send> {
      const started = performance.now()
      const input = { conversation_id: conversationId, client_msg_id: clientId, text: clientId }
      const res = await callOverHttp(node.url, chatSend, input, fan).catch(() => null)
      const record = {
        clientId,
        ok: res?.ok === true,
        ms: performance.now() - started,
        message: res?.data?.message ?? null,
      }
      sends.push(record)
      return record
    }

    // The creator's client: a socket on the second process, and the conversation as it last fetched it.
    const socket: Socket = await connectSocket(second.url, { token: creator.token })
    const arrivals = new Map<number, number[]>()
    socket.on(SocketChannels.chatMessage, (event: { body: { timetoken: number } }) => {
      const seen = arrivals.get(event.body.timetoken) ?? []
      arrivals.set(event.body.timetoken, [...seen, performance.now()])
    })
    const waitForArrival = async (timetoken: number, ms: number) => {
      const deadline = performance.now() + ms
      while (!arrivals.has(timetoken) && performance.now() < deadline) await sleep(20)
      return arrivals.get(timetoken)?.[0] ?? null
    }
    const view = new Map<number, ChatMessage>()
    const refetch = async () => {
      let cursor: string | null | undefined
      do {
        const page = await callOverHttp(
          second.url,
          chatMessages,
          { conversation_id: conversationId, limit: 100, ...(cursor ? { cursor } : {}) },
          creator,
        )
        if (!page.data) throw new Error(`messages answered ${page.status}`)
        for (const message of page.data.list) view.set(message.message_id, message)
        cursor = page.data.cursor
      } while (cursor)
    }

    // Someone else on the second process, who logs out through the first one during the outage.
    const leaver = await makeAccount(t)
    const leaverSocket: Socket = await connectSocket(second.url, { token: leaver.token })
    let signedOutAt: number | null = null
    leaverSocket.on(SocketChannels.signout, () => {
      signedOutAt ??= performance.now()
    })

    try {
      // With Redis: a message sent through the first process reaches the socket on the second.
      const before = await send(first)
      expect(before.ok).toBe(true)
      expect(await waitForArrival(before.message?.timetoken ?? 0, 5_000)).not.toBeNull()
      await refetch()

      // Redis goes away for 30 s; messages keep coming through both processes, and every fourth one is
      // sent again through the other process, as a client retries a send whose answer it lost.
      proxy.cut()
      const cutAt = performance.now()
      expect((await callOverHttp(first.url, coreLogout, {}, leaver)).ok).toBe(true)
      const duringOutage: Send[] = []
      for (let i = 0; performance.now() - cutAt < OUTAGE_MS; i++) {
        const node = i % 2 === 0 ? first : second
        const sent = await send(node)
        duringOutage.push(sent)
        if (i % 4 === 3) duringOutage.push(await send(node === first ? second : first, sent.clientId))
        await sleep(400)
      }
      proxy.restore()
      const restoredAt = performance.now()

      // Every send answered, and both processes are still up (a publish failing without Redis used to be an
      // unhandled rejection, which ended them).
      const failed = duringOutage.filter((s) => !s.ok).map((s) => s.clientId)
      const exited = nodes.map((node) => node.process.child.exitCode)
      expect({ failed, exited }).toEqual({ failed: [], exited: [null, null] })
      expect(Math.max(...duringOutage.map((s) => s.ms))).toBeLessThan(SEND_WITHIN_MS)
      expect(duringOutage.length).toBeGreaterThan(50)

      // Realtime is back when a fresh message through the first process reaches the second's socket.
      const probes: number[] = []
      const firstArrival = () => Math.min(...probes.map((tt) => arrivals.get(tt)?.[0] ?? Infinity))
      while (firstArrival() === Infinity && performance.now() - restoredAt < RESUME_WITHIN_MS + 5_000) {
        const probe = await send(first)
        expect(probe.ok).toBe(true)
        probes.push(probe.message?.timetoken ?? 0)
        await waitForArrival(probes.at(-1) ?? 0, 250)
      }
      const resumedAfter = firstArrival() === Infinity ? null : firstArrival() - restoredAt
      console.info(`realtime resumed ${Math.round(resumedAfter ?? -1)} ms after Redis came back`)
      expect(resumedAfter).not.toBeNull()
      expect(resumedAfter).toBeLessThanOrEqual(RESUME_WITHIN_MS)

      // The logout's signout never reached the second process; it checks its sockets' sessions when Redis is
      // back and signs that one out.
      while (signedOutAt === null && performance.now() - restoredAt < RESUME_WITHIN_MS + 5_000)
        await sleep(50)
      expect(signedOutAt).not.toBeNull()
      expect((signedOutAt ?? Infinity) - restoredAt).toBeLessThanOrEqual(RESUME_WITHIN_MS)
      await sleep(200)
      expect(leaverSocket.connected).toBe(false)

      // The client catches up: like the web app on that first chat_message (or on a reconnect), it refetches
      // the conversation and merges by message_id.
      await refetch()
      const sentIds = new Set(sends.map((s) => s.clientId))
      const shown = [...view.values()].map((m) => m.client_msg_id)
      expect(shown).toHaveLength(sentIds.size)
      expect(new Set(shown)).toEqual(sentIds)
      // Each send of one client id answered the same stored message.
      for (const s of sends) expect(view.get(s.message?.message_id ?? 0)?.client_msg_id).toBe(s.clientId)
      // No message reached the socket twice.
      expect([...arrivals.values()].filter((times) => times.length > 1)).toEqual([])
    } finally {
      socket.close()
      leaverSocket.close()
    }
  })
})
