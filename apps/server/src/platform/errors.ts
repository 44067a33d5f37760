import { ErrorCodes, type ErrorName } from '@velvet/contract'

export interface FieldProblem {
  field: string
  rule: string
  message: string
}

/** An error with a stable code from the contract table; its message is safe to show. */
export class AppError extends Error {
  readonly code: number
  readonly status: number
  readonly fields: FieldProblem[] | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    name: ErrorName,
    options: { message?: string; fields?: FieldProblem[]; headers?: Record<string, string> } = {},
  ) {
    const entry = ErrorCodes[name]
    super(options.message ?? entry.message)
    this.name = 'AppError'
    this.code = entry.code
    this.status = entry.status
    this.fields = options.fields
    this.headers = options.headers
  }
}
