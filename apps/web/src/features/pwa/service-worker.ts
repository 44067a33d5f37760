/** Registers the service worker (production builds only: vite dev has none) once per load. */
const SW_URL = '/sw.js'

let registering: Promise<ServiceWorkerRegistration | null> | null = null

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registering ??= (async () => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null
    try {
      return await navigator.serviceWorker.register(SW_URL, { scope: '/' })
    } catch (error) {
      console.warn('service worker registration failed', error)
      return null
    }
  })()
  return registering
}

/** The active registration, or null when there is none (dev, unsupported, failed to install). */
export async function serviceWorkerReady(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  if (!(await registerServiceWorker())) return null
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ])
}
