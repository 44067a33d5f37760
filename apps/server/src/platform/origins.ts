import type { FastifyInstance, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The origin to send this browser back to after a provider's hosted page (see ReturnOrigins). */
    readonly returnOrigin: string
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The origin a browser flow started from, for the addresses that send it back to the app (hosted card forms,
 * 3DS and identity pages): a session lives in one origin's storage, so coming back to another origin signs
 * the person out mid-flow. Only allowed origins are followed: PUBLIC_URL's, and outside production any
 * loopback origin (the app opened on 127.0.0.1 while PUBLIC_URL says localhost, or Vite's port). Anything
 * else answers PUBLIC_URL's origin, so no header can send a browser to another site.
 */
export interface ReturnOrigins {
  /** The request's origin when allowed, else PUBLIC_URL's. */
  of(req: FastifyRequest): string
  /** The same for an origin already known (or none: PUBLIC_URL's). */
  check(origin: string | undefined): string
}

export function createReturnOrigins(deps: { publicUrl: string; production: boolean }): ReturnOrigins {
  const home = new URL(deps.publicUrl).origin
  const allowed = (origin: string | undefined): string | null => {
    if (!origin) return null
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      return null
    }
    if (url.origin === home) return home
    if (deps.production || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null
    return LOOPBACK_HOSTS.has(url.hostname) ? url.origin : null
  }
  const check = (origin: string | undefined) => allowed(origin) ?? home
  return {
    check,
    of(req) {
      // Browsers send Origin on every POST (every call that starts such a flow is one). The Host header is
      // not used: behind a proxy, or from a test's inject, it names no origin the browser knows.
      const given = req.headers.origin
      return check(typeof given === 'string' ? given : undefined)
    },
  }
}

/** `req.returnOrigin` on every request, worked out when a route reads it. */
export function installReturnOrigins(app: FastifyInstance, origins: ReturnOrigins): void {
  app.decorateRequest('returnOrigin', {
    getter(this: FastifyRequest) {
      return origins.of(this)
    },
  })
}
