import { type SessionAnswer, SessionUser, UserId, UserRole, UserType } from '@velvet/contract'
import { useSyncExternalStore } from 'react'
import { z } from 'zod'
import type { Credentials } from '../../lib/api/request.ts'
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'

/**
 * The session store (spec §3): who is using the app. Cookies hold the tokens and user id, localStorage the
 * anonymous user record, the logged-in user and the token expiry. Components read it with useSession().
 */
export type Session =
  | { kind: 'none' }
  | { kind: 'anonymous'; token: string; userId: number }
  | { kind: 'account'; token: string; user: SessionUser; expiresAt: number }

export const SessionCookies = {
  anonymousToken: 'velvet_atk',
  userToken: 'velvet_tk',
  userId: 'velvet_uid',
} as const

export const SessionStorageKeys = {
  anonymousUser: 'velvet.anonymous_user',
  user: 'velvet.user',
  expiresAt: 'velvet.token_expires_at',
} as const

const AnonymousRecord = z.object({ token: z.string().min(1), user_id: UserId })
const ExpiresAt = z.number().int()

function secondsUntil(expiresAt: number): number {
  return expiresAt - Math.floor(Date.now() / 1000)
}

/** Reads the session from cookies and storage: an account first, then a reusable anonymous guest. */
export function readStoredSession(): Session {
  const token = readCookie(SessionCookies.userToken)
  const userId = Number(readCookie(SessionCookies.userId))
  const user = readJson(SessionStorageKeys.user, SessionUser)
  if (token && user && user.user_id === userId) {
    return { kind: 'account', token, user, expiresAt: readJson(SessionStorageKeys.expiresAt, ExpiresAt) ?? 0 }
  }
  // spec §4: reuse the guest only when both the cookie and the stored record exist.
  const anonymousToken = readCookie(SessionCookies.anonymousToken)
  const anonymous = readJson(SessionStorageKeys.anonymousUser, AnonymousRecord)
  if (anonymousToken && anonymous) {
    return { kind: 'anonymous', token: anonymousToken, userId: anonymous.user_id }
  }
  return { kind: 'none' }
}

let current: Session = { kind: 'none' }
const listeners = new Set<() => void>()

function set(next: Session): void {
  current = next
  for (const listener of listeners) listener()
}

export const sessionStore = {
  get: (): Session => current,

  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },

  /** Loads what the browser kept from an earlier visit. */
  load(): Session {
    set(readStoredSession())
    return current
  },

  setAnonymous(answer: { token: string; user_id: number; expires_at: number }): void {
    writeCookie(SessionCookies.anonymousToken, answer.token, secondsUntil(answer.expires_at))
    writeJson(SessionStorageKeys.anonymousUser, { token: answer.token, user_id: answer.user_id })
    set({ kind: 'anonymous', token: answer.token, userId: answer.user_id })
  },

  /** A sign-in or refresh answer: the account's token, user and expiry replace whatever was there. */
  setAccount(answer: SessionAnswer): void {
    const maxAge = secondsUntil(answer.expires_at)
    writeCookie(SessionCookies.userToken, answer.ptoken, maxAge)
    writeCookie(SessionCookies.userId, String(answer.user.user_id), maxAge)
    writeJson(SessionStorageKeys.user, answer.user)
    writeJson(SessionStorageKeys.expiresAt, answer.expires_at)
    // The server revoked the guest session that signed in; never send its token again.
    deleteCookie(SessionCookies.anonymousToken)
    removeItem(SessionStorageKeys.anonymousUser)
    set({ kind: 'account', token: answer.ptoken, user: answer.user, expiresAt: answer.expires_at })
  },

  /** A fresher copy of the signed-in user (current user, complete sign-up, portrait upload). */
  setUser(user: SessionUser, expiresAt?: number): void {
    if (current.kind !== 'account' || current.user.user_id !== user.user_id) return
    writeJson(SessionStorageKeys.user, user)
    if (expiresAt !== undefined) writeJson(SessionStorageKeys.expiresAt, expiresAt)
    set({ ...current, user, expiresAt: expiresAt ?? current.expiresAt })
  },

  /** Forgets every session (logout, or a token the server no longer knows). The device id stays. */
  clear(): void {
    for (const name of Object.values(SessionCookies)) deleteCookie(name)
    for (const key of Object.values(SessionStorageKeys)) removeItem(key)
    set({ kind: 'none' })
  },
}

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get)
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
