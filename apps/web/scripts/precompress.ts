import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text files worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file of the build that
 * shrinks, so the server sends them as they are (@fastify/static `preCompressed`) without compressing on
 * each request. Answers how many files got copies and the bytes before and after brotli.
 */
export function precompressDir(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 }
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue
    const body = readFileSync(file)
    if (body.length < MIN_BYTES) continue
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
    const gz = gzipSync(body, { level: 9 })
    if (br.length >= body.length) continue
    writeFileSync(`${file}.br`, br)
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz)
    totals.files += 1
    totals.bytes += body.length
    totals.brotli += br.length
  }
  return totals
}

/** The build step: compresses the output once everything (the service worker too) is written. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'velvet-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const totals = precompressDir(outDir)
        const kib = (bytes: number) => (bytes / 1024).toFixed(1)
        console.log(
          `precompressed ${totals.files} files: ${kib(totals.bytes)} KiB → ${kib(totals.brotli)} KiB brotli`,
        )
      },
    },
  }
}
