import { Timing } from '@velvet/contract'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useClientConfig } from '../../lib/config.tsx'
import { fetchDeployedVersion, isNewVersion } from './version.ts'

/**
 * spec §4, §7: /v.json is read every 10 minutes and whenever the tab becomes visible; once it names another
 * version than the running one, the next route change reloads the page (never in the middle of a screen).
 */
export function useVersionWatch(): void {
  const running = useClientConfig().version
  const flagged = useRef(false)
  const { pathname } = useLocation()
  const lastPath = useRef(pathname)

  useEffect(() => {
    const check = async () => {
      if (flagged.current) return
      if (isNewVersion(running, await fetchDeployedVersion())) flagged.current = true
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check()
    }
    const timer = setInterval(() => void check(), Timing.versionPollMs)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [running])

  useEffect(() => {
    if (pathname === lastPath.current) return
    lastPath.current = pathname
    if (flagged.current) location.reload()
  }, [pathname])
}
