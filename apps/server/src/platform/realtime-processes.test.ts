import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { logout, SocketChannels, signingKey, signRequest, signupAnonymous } from '@velvet/contract'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scratchPostgresDatabase } from '../test/database.ts'
import { collect, connectSocket } from '../test/sockets.ts'

const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
const CLIENT_KEY = 'two-process-test-key'
const serverDir = path.resolve(import.meta.dirname, '../..')

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A signed JSON call, the way the web client makes it. */
async function post(baseUrl: string, call: { path: string }, token: string | null) {
  const params: Record<string, unknown> = { ts: Math.floor(Date.now() / 1000) }
  params.sign = await signRequest(signingKey(CLIENT_KEY, token), 'POST', call.path, params)
  const res = await fetch(`${baseUrl}${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(params),
  })
  return (await res.json()) as { result: string; data: Record<string, unknown> }
}

// Two real server processes on one PostgreSQL and one Redis: `npm run test:pg` in CI sets both URLs.
describe.skipIf(!databaseUrl || !redisUrl)('realtime across two server processes', () => {
  const children: ChildProcess[] = []
  const dataDirs: string[] = []
  const urls: string[] = []
  let drop: (() => Promise<void>) | undefined

  async function startProcess(database: string): Promise<string> {
    const port = await freePort()
    const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-proc-'))
    dataDirs.push(dataDir)
    const child = spawn(process.execPath, ['src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database,
        REDIS_URL: redisUrl,
        RUN_MODE: 'web',
        LOG_LEVEL: 'warn',
        SIGNING_CLIENT_KEY: CLIENT_KEY,
      },
      stdio: 'ignore',
    })
    children.push(child)
    const baseUrl = `http://127.0.0.1:${port}`
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return baseUrl
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('server process did not start')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  beforeAll(async () => {
    const scratch = await scratchPostgresDatabase(databaseUrl ?? '')
    drop = scratch.drop
    // Both start at once: migrations run under an advisory lock.
    urls.push(...(await Promise.all([startProcess(scratch.url), startProcess(scratch.url)])))
  }, 120_000)

  afterAll(async () => {
    await Promise.all(
      children.map((child) =>
        child.exitCode === null
          ? new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'))
          : null,
      ),
    )
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    await drop?.()
  }, 30_000)

  it('delivers a signout emitted by one process to a socket connected to the other', async () => {
    const [first, second] = urls as [string, string]
    const guest = await post(first, signupAnonymous, null)
    const token = String(guest.data.token)
    let socket: Socket | undefined
    try {
      socket = await connectSocket(second, { token })
      const signout = collect(socket, SocketChannels.signout)
      expect((await post(first, logout, token)).result).toBe('ok')
      const message = await signout.next(10_000)
      expect(message.body).toEqual({ reason: 'logout' })
    } finally {
      socket?.close()
    }
  })
})
