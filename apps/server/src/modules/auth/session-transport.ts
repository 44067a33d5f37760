import {
  ErrorCodes,
  Headers,
  SESSION_TOKEN_COOKIE_PATH,
  type SessionAnswer,
  SessionCookies,
  UserType,
} from '@velvet/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { AuthService, SessionGrant } from './service.ts'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/**
 * How a session reaches its client (docs/api.md "Sessions"). API clients get the session token in the
 * answer and send it as the bearer. The web app (`x-session-cookie: 1`) never sees it: the server keeps it
 * in an HttpOnly, SameSite=Strict cookie (Secure in production) sent only to the refresh call, and the
 * answer carries a page token (15 minutes) that the page holds in memory and renews through that call.
 */
export function createSessionTransport(deps: {
  auth: Pick<AuthService, 'pageToken' | 'refresh'>
  /** Secure cookies (production, or a public URL on https). */
  secure: boolean
  /** Milliseconds (the app clock). */
  now: () => number
}) {
  const { auth, secure, now } = deps
  const tokenCookie = { httpOnly: true, sameSite: 'strict', secure, path: SESSION_TOKEN_COOKIE_PATH } as const
  const userIdCookie = { sameSite: 'strict', secure, path: '/' } as const

  const wantsCookie = (req: FastifyRequest) => req.headers[Headers.sessionCookie] === '1'

  function setCookies(reply: FastifyReply, grant: SessionGrant): void {
    const maxAge = Math.max(0, Math.floor((grant.expiresAt.getTime() - now()) / 1000))
    const anonymous = grant.user.user_type === UserType.Anonymous
    const [kept, dropped] = anonymous
      ? [SessionCookies.anonymousToken, SessionCookies.userToken]
      : [SessionCookies.userToken, SessionCookies.anonymousToken]
    reply.setCookie(kept, grant.token, { ...tokenCookie, maxAge })
    reply.clearCookie(dropped, tokenCookie)
    // The account's id tells the page there is an account to restore (a guest's stored record does that
    // for a guest); nothing secret.
    if (anonymous) reply.clearCookie(SessionCookies.userId, userIdCookie)
    else reply.setCookie(SessionCookies.userId, String(grant.user.user_id), { ...userIdCookie, maxAge })
  }

  function clear(reply: FastifyReply): void {
    reply.clearCookie(SessionCookies.userToken, tokenCookie)
    reply.clearCookie(SessionCookies.anonymousToken, tokenCookie)
    reply.clearCookie(SessionCookies.userId, userIdCookie)
  }

  /** The session answer of a grant: the session token itself, or for the web app cookies and a page token. */
  function answer(req: FastifyRequest, reply: FastifyReply, grant: SessionGrant): SessionAnswer {
    const expiresAt = seconds(grant.expiresAt)
    const common = { token_type: 'Bearer' as const, expires_at: expiresAt, user: grant.user }
    if (!wantsCookie(req)) return { ...common, ptoken: grant.token, token_expires_at: expiresAt }
    setCookies(reply, grant)
    const page = auth.pageToken(grant)
    return { ...common, ptoken: page.token, token_expires_at: page.expiresAt }
  }

  /**
   * The session token a refresh is about. The web app's is its cookie (the user's before the guest's); a
   * session token it still holds as the bearer from before cookies is moved into the cookie. Anyone else
   * refreshes the session token it sends: a page token is never exchanged for the session token.
   */
  function refreshedToken(req: FastifyRequest, viewer: Viewer | null): string | null {
    const bearer = viewer?.credential === 'session' ? viewer.token : null
    if (!wantsCookie(req)) return bearer
    return req.cookies[SessionCookies.userToken] || req.cookies[SessionCookies.anonymousToken] || bearer
  }

  return {
    answer,
    clear,

    /** The refresh call: the session as it stands or renewed; a web app whose cookie is dead loses it. */
    async refresh(req: FastifyRequest, reply: FastifyReply, viewer: Viewer | null) {
      const token = refreshedToken(req, viewer)
      try {
        if (!token) throw new AppError('NotLoggedIn')
        const { grant, refreshed } = await auth.refresh(token)
        return { ...answer(req, reply, grant), refreshed }
      } catch (error) {
        if (wantsCookie(req) && error instanceof AppError && error.code === ErrorCodes.NotLoggedIn.code)
          clear(reply)
        throw error
      }
    },
  }
}

export type SessionTransport = ReturnType<typeof createSessionTransport>
