import { Caching } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import type { Viewer } from './http.ts'
import { bearerToken } from './signing.ts'
import type { UserChanges } from './user-changes.ts'

export type ResolveViewer = (token: string) => Promise<Viewer | null>

/** Resolves the bearer token to a Viewer (or null) before any handler runs. */
export function installViewer(app: FastifyInstance, resolve: ResolveViewer): void {
  app.decorateRequest('viewer', null)
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req)
    req.viewer = token ? await resolve(token) : null
  })
}

interface CachedViewer {
  viewer: Viewer
  mark: number
  until: number
}

/**
 * Session lookups kept in memory for `Caching.sessionSeconds` (never past the token's expiry), keyed by the
 * token. An entry is dropped as soon as its user changes (`UserChanges`: a logout, a revoked session, a
 * deleted account or a new role all do), on this process at once and on the others through Redis. Unknown
 * tokens are not cached: a token is only ever remembered after the database said it was live.
 */
export function cachedViewers(
  resolve: ResolveViewer,
  deps: { changes: Pick<UserChanges, 'mark' | 'fresh' | 'storable'>; now: () => number },
): ResolveViewer {
  const { changes, now } = deps
  const cache = new Map<string, CachedViewer>()
  return async (token) => {
    const hit = cache.get(token)
    if (hit) {
      const at = now()
      if (
        at < hit.until &&
        hit.viewer.tokenExpiresAt.getTime() > at &&
        changes.fresh(hit.mark, [hit.viewer.userId])
      )
        return hit.viewer
      cache.delete(token)
    }
    const mark = changes.mark()
    const viewer = await resolve(token)
    if (viewer && mark !== null && changes.storable(mark, [viewer.userId])) {
      if (cache.size >= Caching.sessionEntries) {
        const oldest = cache.keys().next().value
        if (oldest !== undefined) cache.delete(oldest)
      }
      cache.set(token, { viewer, mark, until: now() + Caching.sessionSeconds * 1000 })
    }
    return viewer
  }
}
