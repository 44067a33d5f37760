import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

/** The line under a field: the error when there is one (announced), otherwise the hint. */
export function FieldMessage({
  id,
  error,
  hint,
}: {
  id: string
  error?: string | undefined
  hint?: ReactNode
}) {
  if (error) {
    return (
      <p id={id} className="v-field__message v-field__message--error" role="alert">
        <CircleAlert aria-hidden="true" />
        <span>{error}</span>
      </p>
    )
  }
  if (hint) {
    return (
      <p id={id} className="v-field__message">
        {hint}
      </p>
    )
  }
  return null
}
