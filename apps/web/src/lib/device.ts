import { readCookie, writeCookie } from './cookies.ts'

const DEVICE_COOKIE = 'velvet_did'

/** A random id for this browser, kept in a cookie for 365 days and sent as x-device-id. */
export function deviceId(): string {
  const existing = readCookie(DEVICE_COOKIE)
  if (existing && /^[\w-]{8,100}$/.test(existing)) return existing
  const fresh = crypto.randomUUID()
  writeCookie(DEVICE_COOKIE, fresh)
  return fresh
}

export function timezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
