import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { isApiError, messageOf } from '../../lib/api/errors.ts'

/**
 * Shows a failed call on the form: server validation problems on their fields (same words as the
 * contract), anything else as the form-level message under `root.server`.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  let placed = false
  if (isApiError(error)) {
    for (const problem of error.fields ?? []) {
      const field = fields.find((name) => name === problem.field)
      if (field) {
        setError(field, { type: 'server', message: problem.message }, { shouldFocus: !placed })
        placed = true
      }
    }
  }
  if (!placed) setError('root.server', { type: 'server', message: messageOf(error) })
}
