import {
  type CallDef,
  coreLogout,
  currentUser,
  refresh,
  Session,
  signupAnonymous,
  Timing,
  UserType,
} from '@velvet/contract'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { currentPath, navigateTo } from '../../lib/navigation.ts'
import { resetPlatform } from '../../lib/platform.ts'
import { queryClient } from '../../lib/query-client.ts'
import { toast } from '../../ui/toast-store.ts'
import { authKeys } from './auth.queries.ts'
import { loginWithRedirect } from './redirect.ts'
import {
  readStoredSession,
  type Session as SessionState,
  SessionStorageKeys,
  sessionStore,
} from './session.ts'
import { renewSession } from './session-renewal.ts'
import { signupFlow } from './signup-flow.ts'

export { applySessionAnswer, waitForTokenRotation } from './session-renewal.ts'

let guard: Promise<SessionState> | null = null
let boot: Promise<void> | null = null
/** A session cookie could not be exchanged at entry for want of an answer (offline): try again later. */
let restorePending = false

/**
 * The auth guard (spec §4): an account is used as it is; a guest whose token cookie and stored record
 * both exist is reused (restored at entry); otherwise a new anonymous guest is created. A failure shows an
 * error toast.
 */
export function ensureSession(): Promise<SessionState> {
  const session = sessionStore.get()
  if (session.kind !== 'none' || restorePending) return Promise.resolve(session)
  guard ??= api
    .call(signupAnonymous)
    .then((answer) => {
      sessionStore.setAnonymous(answer)
      return sessionStore.get()
    })
    .catch((error: unknown) => {
      toast.error(messageOf(error))
      return sessionStore.get()
    })
    .finally(() => {
      guard = null
    })
  return guard
}

/**
 * The session is gone on the server (1001): an account is logged out (spec §4, §8); a guest's is dropped,
 * and the guard makes a fresh one. `toLogin` also sends a guest to /login with a redirect (a refused call).
 */
function sessionRefused(options: { toLogin: boolean }): void {
  const session = sessionStore.get()
  if (session.kind === 'account') {
    void localLogout()
    return
  }
  sessionStore.clear()
  if (options.toLogin && !location.pathname.startsWith('/login')) navigateTo(loginWithRedirect(currentPath()))
}

/**
 * Entry: the session cookie is exchanged for a page token (spec §4: the first check always refreshes; it
 * answers 200 whether or not the session needed renewing). A guest is reused only when the stored anonymous
 * record names it too. A dead account cookie logs out to /login; a dead guest cookie only makes way for a
 * new guest.
 */
async function restoreSession(): Promise<void> {
  const stored = readStoredSession()
  // An account says so with its user id cookie, a guest with its stored record (spec §3, §4).
  if (stored.userId === null && stored.anonymousUserId === null && !stored.legacy) return
  sessionStore.adoptLegacyToken(stored)
  const outcome = await renewSession(
    (answer) =>
      answer.user.user_type !== UserType.Anonymous || answer.user.user_id === stored.anonymousUserId,
  )
  restorePending = outcome === 'failed'
  if (outcome !== 'refused') return
  // The account of this browser is gone: spec §4 logs it out (to /login). A guest is simply replaced.
  if (stored.user) void localLogout()
  else sessionStore.clear()
}

/** Asks the session cookie for a page token again; a session the server no longer knows is dropped. */
export async function recheckSession(): Promise<void> {
  if ((await renewSession()) === 'refused') sessionRefused({ toLogin: false })
}

/**
 * Token refresh (spec §4, §9), on every route change: the session is renewed when its stored expiry is
 * within the refresh window, and the page token before it runs out. An entry that got no answer tries again.
 */
export async function refreshIfDue(): Promise<void> {
  const session = sessionStore.get()
  if (session.kind === 'none') {
    if (restorePending) await restoreSession()
    return
  }
  const now = api.clock.nowSeconds()
  const due =
    (session.kind === 'account' && session.expiresAt - now <= Session.refreshWindowSeconds) ||
    session.tokenExpiresAt - now <= Session.pageTokenRenewSeconds
  if (due) await recheckSession()
}

/** Refreshes the stored user from the server (spec: currentUser on entry for logged-in sessions). */
export async function loadCurrentUser(): Promise<void> {
  const session = sessionStore.get()
  if (session.kind !== 'account') return
  try {
    const answer = await queryClient.fetchQuery({
      queryKey: authKeys.currentUser(session.user.user_id),
      queryFn: () => api.call(currentUser),
      staleTime: 0,
    })
    sessionStore.setUser(answer.user, answer.expires_at)
  } catch (error) {
    console.warn('current user refresh failed', error)
  }
}

/**
 * Another tab of this browser signed out, or in as someone else: the shared cookie moved, so follow it
 * (a logout here too, or the new session's page token).
 */
function followOtherTabs(): void {
  window.addEventListener('storage', (event) => {
    if (event.key !== SessionStorageKeys.user && event.key !== null) return
    const session = sessionStore.get()
    const stored = readStoredSession().user
    if (!stored) {
      if (session.kind === 'account') void localLogout()
      return
    }
    if (session.kind !== 'account' || session.user.user_id !== stored.user_id) void recheckSession()
  })
}

/** Entry: restore the session, run the guard, then reload the user for accounts. */
export function bootSession(): Promise<void> {
  boot ??= (async () => {
    followOtherTabs()
    await restoreSession()
    const session = await ensureSession()
    if (session.kind === 'account') await loadCurrentUser()
  })()
  return boot
}

let leaving = false

/**
 * Local logout (spec §4): clear the session, stored data and the query cache, reset the platform, then
 * go to /login after 500 ms.
 */
export function localLogout(): Promise<void> {
  sessionStore.clear()
  signupFlow.clear()
  queryClient.clear()
  resetPlatform()
  if (leaving) return Promise.resolve()
  leaving = true
  return new Promise((resolve) => {
    setTimeout(() => {
      leaving = false
      navigateTo('/login', { replace: true })
      resolve()
    }, Timing.logoutRedirectMs)
  })
}

/** Logout: tell the server (a failure still logs out locally), then local logout. */
export async function logout(): Promise<void> {
  // Stop pushes to this device while the token still allows the call.
  // Loaded on demand: push is not part of the first page's code.
  if (sessionStore.get().kind === 'account') await (await import('../push/index.ts')).forgetPushDevice()
  try {
    await api.call(coreLogout)
  } catch (error) {
    console.warn('logout call failed', error)
  }
  await localLogout()
}

/** The page token a renewal got because a call was refused: refused in turn, the session is what is gone. */
let recoveredToken: string | null = null

/**
 * Code 1001 or HTTP 401 (spec §4, §8). The page token may only be stale (the device slept past it, another
 * tab signed in): the session cookie is asked first. If it is gone too, an account is logged out locally and
 * anyone else is sent to /login with the current place as `redirect` (the guest is dropped first, so the
 * guard makes a fresh one). The refresh call's own refusal is handled where it is made; a call sent with a
 * token that has since been replaced changes nothing.
 */
export function handleUnauthorized(_error: unknown, call: CallDef, sentToken: string | null): void {
  if (call === refresh) return
  const session = sessionStore.get()
  if (session.kind === 'none' || sentToken === recoveredToken) {
    sessionRefused({ toLogin: true })
    return
  }
  if (sentToken !== session.token) return
  void renewSession().then((outcome) => {
    const now = sessionStore.get()
    if (outcome === 'renewed') recoveredToken = now.kind === 'none' ? null : now.token
    else if (outcome === 'refused') sessionRefused({ toLogin: true })
  })
}
