import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export interface MediaToolPaths {
  ffmpeg: string
  ffprobe: string
}

type ToolName = keyof MediaToolPaths

const packages: Record<ToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first executable `name` in the folders of a PATH-style list. */
export function findOnPath(name: string, searchPath: string | undefined): string | null {
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (!folder) continue
    const candidate = path.join(folder, name)
    if (isExecutable(candidate)) return candidate
  }
  return null
}

/** The binary shipped in the npm package (they throw on a platform they have no build for). */
function fromPackage(tool: ToolName): string | null {
  try {
    const required = createRequire(import.meta.url)(packages[tool]) as { path?: unknown }
    return typeof required.path === 'string' && isExecutable(required.path) ? required.path : null
  } catch {
    return null
  }
}

/**
 * Where ffmpeg and ffprobe are (DESIGN §2): FFMPEG_PATH / FFPROBE_PATH when set, else the system's on PATH
 * (Debian's are current), else the static builds inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe
 * so that a fresh `npm install` processes video too.
 */
export function resolveMediaTools(
  explicit: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
  // The binaries' own lookup: PATH is the process's environment, not app configuration.
  searchPath: string | undefined = process.env.PATH,
): MediaToolPaths {
  const resolve = (tool: ToolName, given: string | undefined): string => {
    if (given) {
      if (!isExecutable(given)) throw new Error(`${tool} at ${given} is not an executable file`)
      return given
    }
    const found = findOnPath(tool, searchPath) ?? fromPackage(tool)
    if (!found) throw new Error(`${tool} not found: install it, or set ${tool.toUpperCase()}_PATH`)
    return found
  }
  return {
    ffmpeg: resolve('ffmpeg', explicit.ffmpegPath),
    ffprobe: resolve('ffprobe', explicit.ffprobePath),
  }
}

export class MediaToolError extends Error {
  readonly timedOut: boolean
  /** The end of the tool's stderr (for the log, never for a client). */
  readonly detail: string

  constructor(message: string, options: { timedOut?: boolean; detail?: string } = {}) {
    super(message)
    this.name = 'MediaToolError'
    this.timedOut = options.timedOut ?? false
    this.detail = options.detail ?? ''
  }
}

const outputLimit = 1024 * 1024
const stderrTail = 4000

/**
 * Runs a tool with an argument array (never through a shell), stdin closed. The child is killed
 * (SIGKILL) when it runs past `timeoutMs` or `signal` aborts; a non-zero exit rejects with MediaToolError.
 */
export function runTool(
  binary: string,
  args: readonly string[],
  options: { timeoutMs: number; signal?: AbortSignal; cwd?: string },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    let aborted = false
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < outputLimit) stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTail)
    })
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    const timer = setTimeout(() => {
      timedOut = true
      kill()
    }, options.timeoutMs)
    const onAbort = () => {
      aborted = true
      kill()
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })
    const name = path.basename(binary)
    child.once('error', (error) => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      reject(new MediaToolError(`${name} could not start: ${error.message}`))
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      if (code === 0) return resolve({ stdout, stderr })
      const why = timedOut
        ? `timed out after ${options.timeoutMs} ms`
        : aborted
          ? 'was cancelled'
          : `exited with ${code ?? signal}`
      reject(new MediaToolError(`${name} ${why}`, { timedOut, detail: stderr }))
    })
  })
}
