/**
 * The Velvet service worker (built by vite-plugin-pwa, injectManifest): precaches the offline page and the
 * push icons, serves offline.html when a navigation fails, caches built scripts and styles as they are used, leaves API/media/socket traffic to the network, and shows web
 * pushes and opens their link on click.
 */
import {
  ASSET_CACHE,
  ASSET_CACHE_MAX,
  DEFAULT_PUSH_ICON,
  isHashedAsset,
  isNetworkOnlyPath,
  notificationTarget,
  PUSH_BADGE,
  parsePushPayload,
  precacheName,
} from './push-payload.ts'

interface PrecacheEntry {
  url: string
  revision: string | null
}

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Response | Promise<Response>): void
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification
}
interface WindowClient {
  readonly url: string
  focus(): Promise<WindowClient>
  navigate(url: string): Promise<WindowClient | null>
}
interface Clients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
  openWindow(url: string): Promise<WindowClient | null>
  claim(): Promise<void>
}
interface ServiceWorkerScope {
  readonly location: Location
  readonly registration: ServiceWorkerRegistration
  readonly clients: Clients
  readonly __WB_MANIFEST: Array<PrecacheEntry | string>
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}

declare const self: ServiceWorkerScope

const OFFLINE_URL = '/offline.html'
const manifest: PrecacheEntry[] = self.__WB_MANIFEST.map((entry) =>
  typeof entry === 'string' ? { url: entry, revision: null } : entry,
)
const CACHE = precacheName(manifest)
const origin = self.location.origin
const precached = new Set(manifest.map((entry) => new URL(entry.url, origin).pathname))

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      await cache.addAll(
        manifest.map((entry) => new Request(new URL(entry.url, origin), { cache: 'reload' })),
      )
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('velvet-shell-') && name !== CACHE) await caches.delete(name)
      }
      await self.clients.claim()
    })(),
  )
})

async function offlinePage(): Promise<Response> {
  const cached = await caches.match(OFFLINE_URL, { cacheName: CACHE })
  return cached ?? new Response("You're offline", { status: 503, headers: { 'content-type': 'text/plain' } })
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== origin || isNetworkOnlyPath(url.pathname)) return

  if (request.mode === 'navigate') {
    // Always the network (fresh index.html with the client config); the offline page when it fails.
    event.respondWith(fetch(request).catch(() => offlinePage()))
    return
  }
  if (precached.has(url.pathname)) {
    event.respondWith(
      caches.match(url.pathname, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)),
    )
    return
  }
  if (isHashedAsset(url.pathname)) event.respondWith(hashedAsset(request, url.pathname))
})

/**
 * A built script or style: its name carries its content hash, so a cached copy is always right. Cached on
 * first use (not at install, which would download again what the page has just loaded); the oldest go
 * once there are more than ASSET_CACHE_MAX, so old versions do not pile up.
 */
async function hashedAsset(request: Request, pathname: string): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE)
  const cached = await cache.match(pathname)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok && response.type === 'basic') {
    await cache.put(pathname, response.clone())
    const keys = await cache.keys()
    for (const old of keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_MAX))) await cache.delete(old)
  }
  return response
}

self.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data ? event.data.text() : null)
  const options: NotificationOptions = {
    body: payload.body,
    icon: payload.icon ?? DEFAULT_PUSH_ICON,
    badge: PUSH_BADGE,
    data: { link: payload.link },
  }
  if (payload.tag) options.tag = payload.tag
  event.waitUntil(self.registration.showNotification(payload.title, options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data: unknown = event.notification.data
  const link = typeof data === 'object' && data !== null ? (data as { link?: unknown }).link : undefined
  const target = notificationTarget(link, origin)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const exact = windows.find((client) => client.url === target)
      if (exact) {
        await exact.focus()
        return
      }
      const ours = windows.find((client) => new URL(client.url).origin === origin)
      if (ours) {
        const focused = await ours.focus()
        const navigated = await focused.navigate(target).catch(() => null)
        if (navigated) return
      }
      await self.clients.openWindow(target)
    })(),
  )
})
