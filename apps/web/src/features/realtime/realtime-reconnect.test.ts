import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SOCKET_PATH, SocketChannels } from '@velvet/contract'
import { Server } from 'socket.io'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRealtimeClient, type RealtimeClient, type SocketIdentity } from './realtime-client.ts'

/**
 * The realtime client against a real socket.io server that stops and starts again on the same port, as a
 * deployment restart does: socket.io's own client state after a failed connection (its `active` flag stays
 * true) must not keep the client from trying again.
 */
interface TestServer {
  io: Server
  http: HttpServer
}

const identity: SocketIdentity = { userId: 7, userType: 0, deviceId: 'd', platform: 'rm11' }
const RETRY_MS = 50

function startServer(port = 0): Promise<TestServer> {
  const http = createServer()
  const io = new Server(http, { path: SOCKET_PATH, serveClient: false })
  return new Promise((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, '127.0.0.1', () => resolve({ io, http }))
  })
}

function portOf(server: TestServer): number {
  return (server.http.address() as AddressInfo).port
}

/** Drops every socket (as the app's preClose hook does) and stops listening. */
async function stopServer(server: TestServer): Promise<void> {
  server.io.local.disconnectSockets(true)
  await server.io.close()
}

const servers: TestServer[] = []
const clients: RealtimeClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.setIdentity(null)
  await Promise.all(servers.splice(0).map((server) => stopServer(server).catch(() => undefined)))
  vi.restoreAllMocks()
})

async function started(port = 0): Promise<TestServer> {
  const server = await startServer(port)
  servers.push(server)
  return server
}

function client(port: number, retryMs: number) {
  const received: string[] = []
  const instance = createRealtimeClient(
    { call_cancel: ({ call_id }) => received.push(call_id) },
    { url: `http://127.0.0.1:${port}`, retryMs, token: async () => 't1' },
  )
  clients.push(instance)
  return { instance, received }
}

const connectedTo = (client: RealtimeClient) =>
  vi.waitFor(() => expect(client.status()).toBe('connected'), { timeout: 4_000, interval: 20 })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the client has tried to connect to the stopped server and failed (it says so once per try). */
async function failedAttempts(warn: ReturnType<typeof vi.spyOn>, atLeast: number): Promise<void> {
  const failures = () =>
    warn.mock.calls.filter(([text]: unknown[]) => text === 'realtime: connection failed').length
  await vi.waitFor(() => expect(failures()).toBeGreaterThanOrEqual(atLeast), { timeout: 4_000, interval: 20 })
}

describe('realtime client through a server restart', { timeout: 20_000 }, () => {
  it('keeps retrying while the server is down and reconnects by itself once it is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const first = await started()
    const port = portOf(first)
    const { instance, received } = client(port, RETRY_MS)
    instance.setIdentity(identity)
    await connectedTo(instance)

    await stopServer(first)
    // Down for many retry periods: every retry fails, and the next one still comes.
    await failedAttempts(warn, 5)
    expect(instance.status()).toBe('disconnected')

    const second = await started(port)
    await connectedTo(instance)
    second.io.emit(SocketChannels.callCancel, { call_id: 'after-restart' })
    await vi.waitFor(() => expect(received).toEqual(['after-restart']), { timeout: 4_000, interval: 20 })
  })

  it('reconnects at once on a page event (online, click, visibility) after a failed attempt', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const first = await started()
    const port = portOf(first)
    // The 5-s timer is out of reach: only the page events bring the socket back.
    const { instance } = client(port, 60_000)
    instance.setIdentity(identity)
    await connectedTo(instance)

    await stopServer(first)
    await vi.waitFor(() => expect(instance.status()).toBe('disconnected'))
    instance.trigger('online')
    await failedAttempts(warn, 1)

    await started(port)
    await sleep(100)
    expect(instance.status()).toBe('disconnected')
    instance.trigger('click')
    await connectedTo(instance)
  })
})
