import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitFor,
  waitUntilReady,
} from './test/processes.ts'

let server: ServerProcess | undefined
let dataDir: string | undefined
afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** Starts `node src/main.ts` as `npm start` does, on PGlite in a temporary data folder. */
function start(env: Record<string, string>) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-main-'))
  server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ...env })
  return server
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
    await waitUntilReady(port)
    server?.child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output.join('')).toContain('shutting down')
  })

  it('does not listen for HTTP in worker mode', async () => {
    const port = await freePort()
    const { output, exited } = start({ PORT: String(port), RUN_MODE: 'worker' })
    await waitFor(() => output.join('').includes('velvet started'))
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
    server?.child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
