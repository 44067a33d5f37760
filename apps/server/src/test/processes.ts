import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { type CallData, type CallDef, Headers, okBody, signingKey, signRequest } from '@velvet/contract'
import { TEST_CLIENT_KEY } from './harness.ts'

const serverDir = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 100_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export interface ServerProcess {
  child: ChildProcess
  output: string[]
  exited: Promise<number | null>
}

/** Starts `node src/main.ts` as `npm start` does, with these variables. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const output: string[] = []
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, SEED_DEMO: '0', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()))
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output, exited }
}

/** Waits until a server process answers /readyz. */
export async function waitUntilReady(port: number, timeoutMs = 100_000): Promise<void> {
  await waitFor(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok
    } catch {
      return false
    }
  }, timeoutMs)
}

/**
 * Calls a contract call over real HTTP the way the web client does (signed with the test client key,
 * which the process must be started with: SIGNING_CLIENT_KEY).
 */
export async function callOverHttp<C extends CallDef>(
  baseUrl: string,
  call: C,
  input: Record<string, unknown>,
  options: { token: string; headers?: Record<string, string> },
): Promise<{ status: number; ok: boolean; data: CallData<C> | null; code: number | null }> {
  const params: Record<string, unknown> = { ...input, ts: Math.floor(Date.now() / 1000) }
  params.sign = await signRequest(signingKey(TEST_CLIENT_KEY, options.token), call.method, call.path, params)
  const headers: Record<string, string> = {
    [Headers.platform]: 'rm11',
    [Headers.deviceId]: 'test-device',
    authorization: `Bearer ${options.token}`,
    ...options.headers,
  }
  const response =
    call.method === 'GET'
      ? await fetch(
          `${baseUrl}${call.path}?${new URLSearchParams(
            Object.entries(params).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          )}`,
          { headers },
        )
      : await fetch(`${baseUrl}${call.path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(params),
        })
  const body = (await response.json()) as { result: string; data?: unknown; error?: { code: number } }
  if (body.result === 'ok') {
    const parsed = okBody(call.response).parse(body)
    return { status: response.status, ok: true, data: parsed.data as CallData<C>, code: null }
  }
  return { status: response.status, ok: false, data: null, code: body.error?.code ?? null }
}
