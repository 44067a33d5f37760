import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Manifest } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'

/** The JavaScript a first visit to / needs must stay under 170 KiB gzipped. */
const BUDGET_BYTES = 170 * 1024
/** The screen a new visitor lands on (/ is the login screen, spec §2). */
const INITIAL_ROUTE_MODULE = 'src/features/auth/LoginScreen.tsx'

const webRoot = path.resolve(import.meta.dirname, '..')
const outDir = mkdtempSync(path.join(tmpdir(), 'velvet-bundle-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

/** The chunk of `key` and every chunk it imports statically (what the browser must load before it runs). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen)
  return seen
}

describe('bundle budget', () => {
  it('keeps the initial route under 170 KiB of gzipped JavaScript', async () => {
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await build({
        root: webRoot,
        configFile: path.join(webRoot, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
      })
    } finally {
      process.env.NODE_ENV = nodeEnv
    }
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
    expect(manifest['index.html']?.isEntry).toBe(true)
    expect(manifest[INITIAL_ROUTE_MODULE]).toBeDefined()

    const files = new Set([
      ...staticClosure(manifest, 'index.html'),
      ...staticClosure(manifest, INITIAL_ROUTE_MODULE),
    ])
    const sizes = [...files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length }))
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0)
    for (const s of sizes) console.info(`  ${s.file}: ${(s.gzip / 1024).toFixed(1)} KiB`)
    console.info(`initial route JS: ${(total / 1024).toFixed(1)} KiB gzipped in ${sizes.length} files`)
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
  }, 120_000)
})
