import { CircleAlert, Info } from 'lucide-react'
import type { ReactNode } from 'react'
import './Alert.css'

/** A form-level or page-level message box (errors not tied to one field). */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info'; children: ReactNode }) {
  const Icon = tone === 'error' ? CircleAlert : Info
  return (
    <div className={`v-alert v-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon aria-hidden="true" />
      <div>{children}</div>
    </div>
  )
}
