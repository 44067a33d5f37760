import type { FastifyInstance } from 'fastify'
import type { Viewer } from './http.ts'
import { bearerToken } from './signing.ts'

export type ResolveViewer = (token: string) => Promise<Viewer | null>

/** Resolves the bearer token to a Viewer (or null) before any handler runs. */
export function installViewer(app: FastifyInstance, resolve: ResolveViewer): void {
  app.decorateRequest('viewer', null)
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req)
    req.viewer = token ? await resolve(token) : null
  })
}
