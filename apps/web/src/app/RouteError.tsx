import { useRouteError } from 'react-router'
import { ErrorContentPage } from '../features/errors/ErrorPage.tsx'
import { errorContentOf } from '../features/errors/error-content.ts'

const RELOAD_KEY = 'velvet.chunk_reload_at'

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  )
}

/** spec §8: a chunk-load failure (a new deploy) reloads the page, at most once per minute. */
function reloadForNewVersion(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0)
    if (Date.now() - last < 60_000) return false
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()))
  } catch {
    return false
  }
  location.reload()
  return true
}

/**
 * A route that failed to load its data or to render (spec §8): the error page with the failure's status,
 * or 500 and its message. A failed chunk download reloads the page instead (at most once a minute).
 */
export function RouteError() {
  const error = useRouteError()
  if (isChunkLoadError(error) && reloadForNewVersion()) return null
  console.error(error)
  return <ErrorContentPage content={errorContentOf(error)} />
}
