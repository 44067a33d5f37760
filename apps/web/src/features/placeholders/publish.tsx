import { SquarePen } from 'lucide-react'
import { NotAvailableScreen } from './NotAvailableScreen.tsx'

/** The publish routes until their feature is built (a later issue replaces this module). */
export function Component() {
  return <NotAvailableScreen icon={<SquarePen />} />
}
