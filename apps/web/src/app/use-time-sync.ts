import { systemFetch, Timing } from '@velvet/contract'
import { useEffect } from 'react'
import { api } from '../lib/api/index.ts'

/** Keeps the server time difference fresh while the app is open (spec §7: systemFetch every 60 s). */
export function useTimeSync(): void {
  useEffect(() => {
    const sync = () =>
      api
        .call(systemFetch)
        .then(({ ts }) => api.clock.syncTo(ts))
        .catch((error: unknown) => console.warn('time sync failed', error))
    void sync()
    const timer = setInterval(sync, Timing.timeSyncMs)
    return () => clearInterval(timer)
  }, [])
}
