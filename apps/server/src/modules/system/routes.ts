import {
  type ClientConfig,
  clientConfig,
  commonReport,
  showSettings,
  systemFetch,
  systemInit,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { SystemService } from './service.ts'

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: {
    publicConfig: ClientConfig
    now: () => number
    ready: () => Promise<void>
    system: SystemService
  },
): void {
  const { system } = deps
  registerCall(app, clientConfig, () => deps.publicConfig)
  registerCall(app, systemFetch, () => ({ ts: Math.floor(deps.now() / 1000) }))
  registerCall(app, systemInit, ({ viewer }) => system.init(viewer))
  registerCall(app, showSettings, () => system.settings())
  registerCall(app, commonReport, ({ input, viewer }) => system.report(viewer, input.action, input.payload))

  // spec §7: the client polls the deployed version (plain JSON, no envelope, never cached).
  app.get('/v.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { version: deps.publicConfig.version }
  })

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await deps.ready()
      return { status: 'ok' }
    } catch {
      return reply.status(503).send({ status: 'unavailable', reason: 'database unreachable or busy' })
    }
  })
}
