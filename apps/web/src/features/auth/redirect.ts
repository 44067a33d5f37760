import { HOME_PATH } from '../../lib/navigation.ts'

export { HOME_PATH }

/** Where to go after signing in: the `redirect` query param when it is a safe same-site path, else /home. */
export function safeRedirect(value: string | null | undefined, fallback = HOME_PATH): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // Never bounce back into the sign-in screens themselves.
  if (/^\/(login|google_login|waiting)?(?:[/?#]|$)/.test(value)) return fallback
  return value
}

export function redirectFrom(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'))
}

/** /login with the current place kept as `redirect` (spec §4: "go to /login with a redirect"). */
export function loginWithRedirect(path: string): string {
  const target = safeRedirect(path, '')
  return target && target !== HOME_PATH ? `/login?redirect=${encodeURIComponent(target)}` : '/login'
}
