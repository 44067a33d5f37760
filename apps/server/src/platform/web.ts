import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { ClientConfig } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'

const apiPrefixes = ['/fapi/', '/api/', '/docs', '/media/', '/socket.io/']

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url.startsWith(prefix))
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the public client
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
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    if (isApiPath(req.url)) return reply.callNotFound()
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml)
  })
  return true
}
