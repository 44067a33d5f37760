import { CoreErrorCodes, ErrorBody } from '@velvet/contract'

export interface FieldError {
  field: string
  rule: string
  message: string
}

/** What every failed `api.call` throws: a stable code, the HTTP status (0 when none) and a safe message. */
export class ApiError extends Error {
  readonly code: number
  readonly status: number
  readonly fields: FieldError[] | undefined
  /** Seconds the server asked to wait before trying again (its Retry-After), when it said. */
  readonly retryAfter: number | undefined

  constructor(init: {
    code: number
    status: number
    message: string
    fields?: FieldError[] | undefined
    retryAfter?: number | undefined
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.code = init.code
    this.status = init.status
    this.fields = init.fields
    this.retryAfter = init.retryAfter
  }

  /** The message for one field of a validation failure, if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.fields?.find((f) => f.field === field)?.message
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export function timeoutError(): ApiError {
  const { code, status, message } = CoreErrorCodes.Timeout
  return new ApiError({ code, status, message })
}

export function networkError(): ApiError {
  const { code, status, message } = CoreErrorCodes.NoNetwork
  return new ApiError({ code, status, message })
}

/** spec §8: an answer without our envelope shows the error text plus ' Error Code: {status}'. */
export function statusError(status: number): ApiError {
  return new ApiError({
    code: CoreErrorCodes.Generic.code,
    status,
    message: `${CoreErrorCodes.Generic.message} Error Code: ${status}`,
  })
}

/** An answer that does not match the contract (a bug or a version mismatch), never shown raw. */
export function malformedError(status: number): ApiError {
  return new ApiError({ code: CoreErrorCodes.Generic.code, status, message: CoreErrorCodes.Generic.message })
}

/** The server's error envelope (DESIGN §3) as an ApiError, or null when the body is not one. */
export function envelopeError(
  status: number,
  body: unknown,
  retryAfterHeader?: string | null,
): ApiError | null {
  const parsed = ErrorBody.safeParse(body)
  if (!parsed.success) return null
  const { code, message, fields } = parsed.data.error
  const seconds = Number(retryAfterHeader)
  const retryAfter = retryAfterHeader && Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined
  return new ApiError({ code, status, message, fields, retryAfter })
}

/** A message fit for a toast or an inline error, whatever was thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return CoreErrorCodes.Generic.message
}
