import { Id } from '@velvet/contract'
import { AppError } from './errors.ts'

const CHANGED = 'This list has changed. Please reload it.'

/** The 400 of a page cursor this server did not give out (the list changed, or it was made up). */
export function cursorError(): AppError {
  return new AppError('ValidationFailed', {
    message: CHANGED,
    fields: [{ field: 'cursor', rule: 'page.cursor', message: CHANGED }],
  })
}

/**
 * A row id read from a cursor's digits, or null when it is not in the range of the contract's Id (25
 * digits made 1e+24, which PostgreSQL refuses as a bigint: a 500).
 */
export function idFromDigits(digits: string | undefined): number | null {
  if (digits === undefined || !/^\d{1,16}$/.test(digits)) return null
  const id = Number(digits)
  return Id.safeParse(id).success ? id : null
}

/** Unix milliseconds read from a cursor's digits, or null when no Date holds them. */
export function millisFromDigits(digits: string | undefined): number | null {
  if (digits === undefined || !/^\d{1,16}$/.test(digits)) return null
  const ms = Number(digits)
  return Number.isNaN(new Date(ms).getTime()) ? null : ms
}
