import { useParams } from 'react-router'
import { ErrorContentPage } from './ErrorPage.tsx'
import { errorContent, statusFromParam } from './error-content.ts'

/**
 * /error/{status}: the error page for a status or code (400, 401, 403, 404, 9002, ...). Screens send
 * visitors here with `navigate('/error/403', { replace: true })`; failed routes render the same page.
 */
export function ErrorRouteScreen() {
  const { status } = useParams()
  return <ErrorContentPage content={errorContent({ status: statusFromParam(status) })} />
}
