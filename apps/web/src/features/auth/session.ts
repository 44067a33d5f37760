import { type SessionAnswer, SessionCookies, SessionUser, UserId, UserRole, UserType } from '@velvet/contract'
import { z } from 'zod'
import type { Credentials } from '../../lib/api/request.ts'
import { deleteCookie, readCookie } from '../../lib/cookies.ts'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'
import { createStore, useStore } from '../../lib/store.ts'

/**
 * The session store (spec §3; docs/api.md "Sessions"): who is using the app. The session itself lives in
 * the HttpOnly cookies the server sets, out of reach of scripts; this page holds only a short-lived page
 * token, in memory. localStorage keeps what is not secret: the anonymous user record (its id), the signed-in
 * user. Components read it with useSession().
 */
export type Session =
  | { kind: 'none' }
  | { kind: 'anonymous'; token: string; tokenExpiresAt: number; userId: number }
  | { kind: 'account'; token: string; tokenExpiresAt: number; user: SessionUser; expiresAt: number }

export const SessionStorageKeys = {
  anonymousUser: 'velvet.anonymous_user',
  user: 'velvet.user',
  /** No longer written (the expiry comes with each page token); cleared with the rest. */
  expiresAt: 'velvet.token_expires_at',
} as const

const AnonymousRecord = z.object({ user_id: UserId, token: z.string().min(1).optional() })

/** What an earlier visit left behind. */
export interface StoredSession {
  /** The server's user id cookie: there is an account's session cookie to exchange for a page token. */
  userId: number | null
  /** The signed-in user, as last seen. */
  user: SessionUser | null
  /** The anonymous user record of spec §3 (a guest is reused only when it is there, spec §4). */
  anonymousUserId: number | null
  /** A session token an older build kept where scripts can read it: moved into the cookie once, then gone. */
  legacy: { token: string; kind: 'account' | 'anonymous' } | null
}

export function readStoredSession(): StoredSession {
  const userId = Number(readCookie(SessionCookies.userId))
  const user = readJson(SessionStorageKeys.user, SessionUser)
  const anonymous = readJson(SessionStorageKeys.anonymousUser, AnonymousRecord)
  const legacyAccount = readCookie(SessionCookies.userToken)
  const legacyGuest = readCookie(SessionCookies.anonymousToken) ?? anonymous?.token ?? null
  return {
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    user,
    anonymousUserId: anonymous?.user_id ?? null,
    legacy:
      legacyAccount && user
        ? { token: legacyAccount, kind: 'account' }
        : legacyGuest
          ? { token: legacyGuest, kind: 'anonymous' }
          : null,
  }
}

/** Forgets the tokens an older build kept in readable cookies and localStorage. */
function forgetLegacyTokens(): void {
  // Script-written cookies live on path /; the server's HttpOnly ones on the refresh path are untouched.
  deleteCookie(SessionCookies.userToken)
  deleteCookie(SessionCookies.anonymousToken)
  const anonymous = readJson(SessionStorageKeys.anonymousUser, AnonymousRecord)
  if (anonymous?.token) writeJson(SessionStorageKeys.anonymousUser, { user_id: anonymous.user_id })
}

const session = createStore<Session>({ kind: 'none' })
const set = session.set

export const sessionStore = {
  get: session.get,
  subscribe: session.subscribe,

  /** Sends an older build's session token once, so that the server moves it into the cookie. */
  adoptLegacyToken(stored: StoredSession): void {
    const { legacy, user, anonymousUserId } = stored
    if (!legacy) return
    if (legacy.kind === 'account' && user) {
      set({ kind: 'account', token: legacy.token, tokenExpiresAt: 0, user, expiresAt: 0 })
    } else if (anonymousUserId !== null) {
      set({ kind: 'anonymous', token: legacy.token, tokenExpiresAt: 0, userId: anonymousUserId })
    }
  },

  setAnonymous(answer: { token: string; user_id: number; token_expires_at: number }): void {
    forgetLegacyTokens()
    writeJson(SessionStorageKeys.anonymousUser, { user_id: answer.user_id })
    removeItem(SessionStorageKeys.user)
    set({
      kind: 'anonymous',
      token: answer.token,
      tokenExpiresAt: answer.token_expires_at,
      userId: answer.user_id,
    })
  },

  /** A sign-in or refresh answer: the account's page token, user and expiry replace whatever was there. */
  setAccount(answer: SessionAnswer): void {
    forgetLegacyTokens()
    removeItem(SessionStorageKeys.expiresAt)
    writeJson(SessionStorageKeys.user, answer.user)
    // The server revoked the guest session that signed in.
    removeItem(SessionStorageKeys.anonymousUser)
    set({
      kind: 'account',
      token: answer.ptoken,
      tokenExpiresAt: answer.token_expires_at,
      user: answer.user,
      expiresAt: answer.expires_at,
    })
  },

  /** A fresher copy of the signed-in user (current user, complete sign-up, portrait upload). */
  setUser(user: SessionUser, expiresAt?: number): void {
    const current = session.get()
    if (current.kind !== 'account' || current.user.user_id !== user.user_id) return
    writeJson(SessionStorageKeys.user, user)
    set({ ...current, user, expiresAt: expiresAt ?? current.expiresAt })
  },

  /**
   * Forgets every session here (logout, or a session the server no longer knows). The HttpOnly cookies are
   * the server's to clear (logout does; a refused refresh does). The device id stays.
   */
  clear(): void {
    deleteCookie(SessionCookies.userId)
    forgetLegacyTokens()
    for (const key of Object.values(SessionStorageKeys)) removeItem(key)
    set({ kind: 'none' })
  },
}

export function useSession(): Session {
  return useStore(session)
}

export function isAccount(session: Session): session is Extract<Session, { kind: 'account' }> {
  return session.kind === 'account'
}

/** The request identity of spec §6: role -1 when none, type 0 logged in, 3 anonymous. */
export function credentialsOf(session: Session): Credentials {
  switch (session.kind) {
    case 'account':
      return {
        token: session.token,
        userId: session.user.user_id,
        userRole: session.user.user_role,
        userType: UserType.LoggedIn,
      }
    case 'anonymous':
      return {
        token: session.token,
        userId: session.userId,
        userRole: UserRole.None,
        userType: UserType.Anonymous,
      }
    default:
      return { token: null, userId: null, userRole: UserRole.None, userType: UserType.Anonymous }
  }
}
