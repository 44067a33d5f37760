import { Radio } from 'lucide-react'
import { NotAvailableScreen } from './NotAvailableScreen.tsx'

/** The live routes until their feature is built (a later issue replaces this module). */
export function Component() {
  return <NotAvailableScreen icon={<Radio />} />
}
