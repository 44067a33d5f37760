/** What the server's web push carries (JSON): title, body, link, optional icon and tag. */
export interface PushPayload {
  title: string
  body: string
  link: string
  icon?: string
  tag?: string
}

export const DEFAULT_PUSH_ICON = '/icons/icon-192.png'
export const PUSH_BADGE = '/icons/badge-96.png'
export const DEFAULT_PUSH_LINK = '/home'

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null
}

/**
 * Reads a push message's text. A payload that is not the expected JSON still shows a notification
 * (browsers penalise a push that shows none), with the product name and the raw text as its body.
 */
export function parsePushPayload(raw: string | null): PushPayload {
  const fallback: PushPayload = { title: 'Velvet', body: raw?.slice(0, 500) ?? '', link: DEFAULT_PUSH_LINK }
  if (!raw) return fallback
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return fallback
  }
  if (typeof value !== 'object' || value === null) return fallback
  const record = value as Record<string, unknown>
  const payload: PushPayload = {
    title: text(record.title, 200) ?? 'Velvet',
    body: text(record.body, 1000) ?? '',
    link: text(record.link, 2048) ?? DEFAULT_PUSH_LINK,
  }
  const icon = text(record.icon, 2048)
  const tag = text(record.tag, 200)
  if (icon) payload.icon = icon
  if (tag) payload.tag = tag
  return payload
}

/** The page a notification click opens: a same-origin link, else home (never another site or scheme). */
export function notificationTarget(link: unknown, origin: string): string {
  if (typeof link !== 'string' || link.trim() === '') return new URL(DEFAULT_PUSH_LINK, origin).href
  try {
    const url = new URL(link, origin)
    if (url.origin === origin) return url.href
  } catch {
    // fall through
  }
  return new URL(DEFAULT_PUSH_LINK, origin).href
}

/** Requests the service worker leaves to the network, never cached (API, media, realtime, docs). */
export const NETWORK_ONLY_PREFIXES = ['/fapi/', '/api/', '/media/', '/socket.io/', '/docs'] as const

export function isNetworkOnlyPath(pathname: string): boolean {
  return NETWORK_ONLY_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

/** The cache of built scripts and styles (hashed names under /assets/), kept across versions. */
export const ASSET_CACHE = 'velvet-assets'
/** How many built files it keeps (a version has about 300; the oldest go first). */
export const ASSET_CACHE_MAX = 400

/** A file of the build whose name carries its content hash (`/assets/index-Bi0noXJz.js`). */
export function isHashedAsset(pathname: string): boolean {
  return /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(js|css)$/.test(pathname)
}

/** A short stable name for the precache, from the precache manifest's urls and revisions. */
export function precacheName(entries: ReadonlyArray<{ url: string; revision: string | null }>): string {
  let hash = 0x811c9dc5
  for (const entry of entries) {
    const key = `${entry.url}|${entry.revision ?? ''};`
    for (let i = 0; i < key.length; i++) {
      hash ^= key.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193) >>> 0
    }
  }
  return `velvet-shell-${hash.toString(36)}`
}
