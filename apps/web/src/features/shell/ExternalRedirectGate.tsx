import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageLoader } from '../../ui/Spinner.tsx'
import { externalRedirects } from './site-links.ts'

const redirects = externalRedirects()

/**
 * spec §2: /blog, /podcast, /about, /creators, /press, /revenue and /concierge may leave for an external
 * site. Only when configured (site-links.ts); otherwise the child route shows our own page.
 */
export function ExternalRedirectGate() {
  const { pathname } = useLocation()
  const target = redirects.get(pathname)
  useEffect(() => {
    if (target) window.location.replace(target)
  }, [target])
  return target ? <PageLoader /> : <Outlet />
}
