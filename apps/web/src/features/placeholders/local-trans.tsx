import { Languages } from 'lucide-react'
import { NotAvailableScreen } from './NotAvailableScreen.tsx'

/** The local-trans routes until their feature is built (a later issue replaces this module). */
export function Component() {
  return <NotAvailableScreen icon={<Languages />} />
}
