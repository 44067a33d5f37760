import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The real server (`node apps/server/src/main.ts`, as `npm start` runs it) on a free loopback port with
 * its own data folder, serving the built web app from apps/web/dist.
 */
export async function startServer(env: Record<string, string> = {}) {
  // WEB_DIST (in the environment or `env`) serves another build, e.g. one made while apps/web/dist is in use.
  const webDist = env.WEB_DIST ?? process.env.WEB_DIST ?? path.join(root, 'apps/web/dist')
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build -w @velvet/web\` (npm run test:e2e does it)`)
  }
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-e2e-'))
  const output: string[] = []
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      WEB_DIST: webDist,
      // Links the server makes (identity partner return address and webhook, e-mail links) use the same
      // origin as the browser.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))

  const baseUrl = `http://127.0.0.1:${port}`
  // A fresh PGlite is migrated at start: 40-60 s on a loaded 2-core machine. The file's hooks allow 120 s.
  const deadline = Date.now() + 100_000
  /** A server that never became ready is stopped here: nobody else holds it (it outlived its test run). */
  const giveUp = (why: string) => {
    if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    return new Error(`${why}:\n${output.join('')}`)
  }
  for (;;) {
    if (child.exitCode !== null) throw giveUp('server exited early')
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw giveUp('server did not become ready')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }

  return {
    baseUrl,
    dataDir,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
