import type { ReactNode } from 'react'
import './FieldPair.css'

/** Two fields side by side in equal columns (city and postal code, state and ZIP). */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className="v-field-pair">{children}</div>
}
