import { ShellTexts } from '@velvet/contract'
import { ErrorPage } from './ErrorPage.tsx'

/** Unknown route (spec §2): 'This page could not be found', with a way back. */
export function NotFoundScreen() {
  return (
    <ErrorPage
      status={404}
      title={ShellTexts.notFound}
      detail="The link may be broken, or the page may have moved."
    />
  )
}
