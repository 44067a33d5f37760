import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
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

/** Waits for the child to exit after SIGTERM (graceful shutdown), killing it after 10 s. */
async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await exited
  }
}

/** The database folder of the server's data folder (PGlite's, as main.ts opens it). */
const DATABASE_FOLDER = 'pg'

/**
 * The real server (`node apps/server/src/main.ts`, as `npm start` runs it) on a free loopback port with
 * its own data folder, serving the built web app from apps/web/dist. `restart` stops it and starts it again
 * on the same port and data folder (database included), as a deployment does. With `databaseTemplate` (a
 * database folder a stopped server left, see server-template.ts) it starts on a copy of that database.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { databaseTemplate?: string | undefined } = {},
) {
  // WEB_DIST (in the environment or `env`) serves another build, e.g. one made while apps/web/dist is in use.
  const webDist = env.WEB_DIST ?? process.env.WEB_DIST ?? path.join(root, 'apps/web/dist')
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build -w @velvet/web\` (npm run test:e2e does it)`)
  }
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-e2e-'))
  if (options.databaseTemplate)
    cpSync(options.databaseTemplate, path.join(dataDir, DATABASE_FOLDER), { recursive: true })
  const output: string[] = []
  const baseUrl = `http://127.0.0.1:${port}`

  function launch(): ChildProcess {
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
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
        PUBLIC_URL: baseUrl,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    return child
  }

  async function ready(child: ChildProcess): Promise<void> {
    // A fresh PGlite is migrated at start (the journeys' global set-up does it once; the files' servers start
    // on a copy): up to a minute on a loaded 2-core machine. The file's hooks allow 120 s.
    const deadline = Date.now() + 100_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`)
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output.join('')}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  /** Starts the process and waits until it is ready; one that never gets ready is not left behind. */
  async function started(): Promise<ChildProcess> {
    const child = launch()
    try {
      await ready(child)
    } catch (error) {
      child.kill('SIGKILL')
      throw error
    }
    return child
  }

  let child: ChildProcess
  try {
    child = await started()
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }

  return {
    baseUrl,
    dataDir,
    output,
    /**
     * Stops the server (SIGTERM), keeps it down for `downMs` (and until `whileDown` has worked on its stopped
     * database folder, if given), then starts it again on the same port and data.
     */
    async restart(downMs = 0, whileDown?: (databaseDir: string) => Promise<void>) {
      await halt(child)
      await new Promise((resolve) => setTimeout(resolve, downMs))
      await whileDown?.(path.join(dataDir, DATABASE_FOLDER))
      child = await started()
    },
    /** Stops the server (SIGTERM) and leaves it down. */
    async halt() {
      await halt(child)
    },
    /** Moves the database folder of a halted server to `to` (it outlives `stop`). */
    keepDatabase(to: string) {
      renameSync(path.join(dataDir, DATABASE_FOLDER), to)
    },
    async stop() {
      await halt(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
