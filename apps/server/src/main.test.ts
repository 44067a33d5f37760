import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const serverDir = path.resolve(import.meta.dirname, '..')

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

let child: ChildProcess | undefined
let dataDir: string | undefined
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Starts `node src/main.ts` as `npm start` does, on PGlite in a temporary data folder. */
function start(env: Record<string, string>) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-main-'))
  const output: string[] = []
  child = spawn(process.execPath, ['src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()))
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()))
  const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)))
  return { output, exited }
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 100_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

// A fresh PGlite data folder (initdb in WebAssembly) and the job queue start in each process: on a loaded
// machine that alone can take half a minute, so these tests wait longer than the default.
describe('the server process', { timeout: 120_000 }, () => {
  it('fails fast listing every bad variable', async () => {
    const { output, exited } = start({ PORT: 'eighty', RUN_MODE: 'sometimes' })
    expect(await exited).toBe(1)
    const text = output.join('')
    expect(text).toContain('PORT')
    expect(text).toContain('RUN_MODE')
  })

  it('serves, reports ready, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort()
    const { output, exited } = start({ PORT: String(port) })
    await waitFor(async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok
      } catch {
        return false
      }
    })
    child?.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output.join('')).toContain('shutting down')
  })

  it('does not listen for HTTP in worker mode', async () => {
    const port = await freePort()
    const { output, exited } = start({ PORT: String(port), RUN_MODE: 'worker' })
    await waitFor(() => output.join('').includes('velvet started'))
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
    child?.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
