import { z } from 'zod'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'

/** Google sign-in, implicit flow (spec §2 /google_login, /login/oauth). */
const KEY = 'velvet.oauth'
const Pending = z.object({ state: z.string(), nonce: z.string(), redirect: z.string() })
export type PendingOAuth = z.infer<typeof Pending>

export const OAUTH_CALLBACK_PATH = '/login/oauth'

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** The Google authorisation URL; state and nonce are kept in sessionStorage for the callback. */
export function startGoogleSignIn(options: {
  authUrl: string
  clientId: string
  origin: string
  redirect: string
}): string {
  const pending: PendingOAuth = { state: randomToken(), nonce: randomToken(), redirect: options.redirect }
  writeJson(KEY, pending, 'session')
  const url = new URL(options.authUrl)
  url.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: `${options.origin}${OAUTH_CALLBACK_PATH}`,
    response_type: 'token id_token',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    prompt: 'select_account',
  }).toString()
  return url.toString()
}

/** Takes (and forgets) what /google_login stored. */
export function takePendingOAuth(): PendingOAuth | null {
  const pending = readJson(KEY, Pending, 'session')
  removeItem(KEY, 'session')
  return pending
}

/** The `nonce` claim of an id_token (its signature is the server's to check). */
export function idTokenNonce(idToken: string): string | null {
  try {
    const payload = idToken.split('.')[1] ?? ''
    const binary = atob(
      payload
        .replaceAll('-', '+')
        .replaceAll('_', '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    )
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    )
    const nonce = claims && typeof claims === 'object' ? (claims as { nonce?: unknown }).nonce : undefined
    return typeof nonce === 'string' ? nonce : null
  } catch {
    return null
  }
}
