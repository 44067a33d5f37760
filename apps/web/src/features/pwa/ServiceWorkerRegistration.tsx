import { useEffect } from 'react'
import { registerServiceWorker } from './service-worker.ts'

/** Registers the service worker once the app is up (production builds). */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    void registerServiceWorker()
  }, [])
  return null
}
