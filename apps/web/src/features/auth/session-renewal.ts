import { type CallData, type CallDef, CoreErrorCodes, refresh, Session, UserType } from '@velvet/contract'
import { isApiError } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { queryClient } from '../../lib/query-client.ts'
import { authKeys } from './auth.queries.ts'
import { sessionStore } from './session.ts'

type RefreshAnswer = CallData<typeof refresh>

/** How a renewal ended: a new page token, a session the server no longer knows (1001), or no answer. */
export type RenewOutcome = 'renewed' | 'refused' | 'failed'

/** The tabs of this browser take turns: a renewal inside the refresh window rotates the shared cookie. */
const LOCK = 'velvet-session-renewal'

let renewing: Promise<RenewOutcome> | null = null

/** Applies a sign-in or refresh answer of an account: new page token, stored user and expiry. */
export function applySessionAnswer(answer: Omit<RefreshAnswer, 'refreshed'>): void {
  sessionStore.setAccount(answer)
  queryClient.setQueryData(authKeys.currentUser(answer.user.user_id), {
    user: answer.user,
    expires_at: answer.expires_at,
  })
}

function applyRefreshAnswer(answer: RefreshAnswer): void {
  if (answer.user.user_type === UserType.Anonymous) {
    sessionStore.setAnonymous({
      token: answer.ptoken,
      user_id: answer.user.user_id,
      token_expires_at: answer.token_expires_at,
    })
  } else {
    applySessionAnswer(answer)
  }
}

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request(LOCK, work) : work()
}

/**
 * Exchanges the session cookie for a new page token (the refresh call, which also renews the session when it
 * is inside the refresh window). One at a time in this tab, and in turn with the other tabs. `accept` may
 * turn the answer down (the auth guard's rule for reusing a guest); it then counts as refused.
 */
export function renewSession(accept: (answer: RefreshAnswer) => boolean = () => true): Promise<RenewOutcome> {
  const session = sessionStore.get()
  const input = session.kind === 'account' ? { user_info: { user_id: session.user.user_id } } : {}
  renewing ??= inTurn(() => api.call(refresh, input))
    .then((answer): RenewOutcome => {
      if (!accept(answer)) return 'refused'
      applyRefreshAnswer(answer)
      return 'renewed'
    })
    .catch((error: unknown): RenewOutcome => {
      if (isApiError(error) && error.code === CoreErrorCodes.NotLoggedIn.code) return 'refused'
      console.warn('session renewal failed', error)
      return 'failed'
    })
    .finally(() => {
      renewing = null
    })
  return renewing
}

/** Whether the page token runs out within `Session.pageTokenRenewSeconds` (server-corrected clock). */
export function pageTokenRunningOut(): boolean {
  const session = sessionStore.get()
  if (session.kind === 'none') return false
  return session.tokenExpiresAt - api.clock.nowSeconds() <= Session.pageTokenRenewSeconds
}

async function freshen(): Promise<void> {
  if (renewing) await renewing
  if (pageTokenRunningOut()) await renewSession()
}

/**
 * Before a call is built: wait while the page token is being renewed (a call must not go out with the old
 * one), and renew it first when it is running out.
 */
export async function waitForTokenRotation(call: CallDef): Promise<void> {
  if (call !== refresh) await freshen()
}

/** A page token good for a while yet (the socket handshake), or null without a session. */
export async function freshToken(): Promise<string | null> {
  await freshen()
  const session = sessionStore.get()
  return session.kind === 'none' ? null : session.token
}
