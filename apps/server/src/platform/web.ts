import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { ClientConfig } from '@velvet/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'

const apiPrefixes = ['/fapi/', '/api/', '/docs', '/media/', '/socket.io/']

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url.startsWith(prefix))
}

/** The best encoding the browser takes of those we keep ready: brotli, then gzip, else none. */
export function encodingFor(req: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return null
}

/**
 * Serves the built web app: hashed assets with long caching, brotli or gzip copies made at build time, and
 * index.html (with the public client
 * config embedded as JSON) for every other GET so that history-mode routes load the app.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  publicConfig: ClientConfig,
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html')
  if (!existsSync(indexFile)) return false
  const configJson = JSON.stringify(publicConfig).replaceAll('<', '\\u003c')
  const indexHtml = readFileSync(indexFile, 'utf8').replace(
    '</head>',
    `<script type="application/json" id="velvet-config">${configJson}</script></head>`,
  )
  // index.html is the same for every page: compressed once here.
  const indexBodies = { br: brotliCompressSync(indexHtml), gzip: gzipSync(indexHtml, { level: 9 }) }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes x.br and x.gz beside each text file (apps/web/scripts/precompress.ts): sent as they
    // are to a browser that accepts them, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    if (isApiPath(req.url)) return reply.callNotFound()
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
    const encoding = encodingFor(req)
    if (!encoding) return reply.send(indexHtml)
    return reply.header('content-encoding', encoding).send(indexBodies[encoding])
  })
  return true
}
