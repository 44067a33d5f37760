import {
  type CallDef,
  CoreErrorCodes,
  coreLogout,
  currentUser,
  refresh,
  Session,
  type SessionAnswer,
  signupAnonymous,
  Timing,
} from '@velvet/contract'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { currentPath, navigateTo } from '../../lib/navigation.ts'
import { resetPlatform } from '../../lib/platform.ts'
import { queryClient } from '../../lib/query-client.ts'
import { toast } from '../../ui/toast-store.ts'
import { forgetPushDevice } from '../push/push.service.ts'
import { authKeys } from './auth.queries.ts'
import { loginWithRedirect } from './redirect.ts'
import { type Session as SessionState, sessionStore } from './session.ts'
import { signupFlow } from './signup-flow.ts'

let guard: Promise<SessionState> | null = null
let boot: Promise<void> | null = null
let rotating: Promise<void> | null = null
let checkedSinceLoad = false

/**
 * The auth guard (spec §4): an account is used as it is; a guest whose token cookie and stored record
 * both exist is reused; otherwise a new anonymous guest is created. A failure shows an error toast.
 */
export function ensureSession(): Promise<SessionState> {
  const session = sessionStore.get()
  if (session.kind !== 'none') return Promise.resolve(session)
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

/** Applies a sign-in or refresh answer: new token, stored user and expiry. */
export function applySessionAnswer(answer: SessionAnswer): void {
  sessionStore.setAccount(answer)
  queryClient.setQueryData(authKeys.currentUser(answer.user.user_id), {
    user: answer.user,
    expires_at: answer.expires_at,
  })
}

/**
 * Token refresh (spec §4, §9): on entry and on every route change, when the stored expiry is within the
 * refresh window; the first check after load always asks. The server answers 2007 when the session
 * is not inside its window yet: the token is kept.
 */
export function refreshIfDue(): Promise<void> {
  const session = sessionStore.get()
  if (session.kind !== 'account') return Promise.resolve()
  const due = !checkedSinceLoad || session.expiresAt - api.clock.nowSeconds() <= Session.refreshWindowSeconds
  checkedSinceLoad = true
  if (!due) return rotating ?? Promise.resolve()
  rotating ??= api
    .call(refresh, { user_info: { user_id: session.user.user_id } })
    .then(applySessionAnswer)
    .catch((error: unknown) => {
      if (isApiError(error) && error.code === CoreErrorCodes.RefreshNotDue.code) return
      // 1001 is handled by the API client (local logout); other failures keep the current token.
      console.warn('session refresh failed', error)
    })
    .finally(() => {
      rotating = null
    })
  return rotating
}

/** While the token is being rotated, other calls wait so they are not sent with a revoked token. */
export async function waitForTokenRotation(call: CallDef): Promise<void> {
  if (rotating && call !== refresh) await rotating
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

/** Entry: restore the session, run the guard, then refresh and reload the user for accounts. */
export function bootSession(): Promise<void> {
  boot ??= (async () => {
    sessionStore.load()
    const session = await ensureSession()
    if (session.kind === 'account') {
      await refreshIfDue()
      await loadCurrentUser()
    }
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
  if (sessionStore.get().kind === 'account') await forgetPushDevice()
  try {
    await api.call(coreLogout)
  } catch (error) {
    console.warn('logout call failed', error)
  }
  await localLogout()
}

/**
 * Code 1001 or HTTP 401 (spec §4, §8): an account is logged out locally; anyone else is sent to /login
 * with the current place as `redirect` (a guest token the server no longer knows is dropped first, so
 * the guard makes a fresh one).
 */
export function handleUnauthorized(): void {
  const session = sessionStore.get()
  if (session.kind === 'account') {
    void localLogout()
    return
  }
  if (session.kind === 'anonymous') sessionStore.clear()
  if (!location.pathname.startsWith('/login')) navigateTo(loginWithRedirect(currentPath()))
}
