import { z } from 'zod'
import { LineText } from './text.ts'

/** What a call says about an id that cannot be one. */
export const ID_MESSAGE = 'This id is not valid.'

/**
 * A row id. Ids are PostgreSQL bigint identities (users from 10000001) presented as JSON numbers:
 * a whole number from 1 to Number.MAX_SAFE_INTEGER, inside bigint (2^63 - 1) and exact in JavaScript, so no
 * id reaches SQL as 1.11e+29 (which PostgreSQL refuses as a bigint).
 */
export const Id = z
  .number({ message: ID_MESSAGE })
  .int({ message: ID_MESSAGE })
  .min(1, { message: ID_MESSAGE })
  .max(Number.MAX_SAFE_INTEGER, { message: ID_MESSAGE })

/** An id as a query string (or a link) carries it: text read as a number, then the same range as Id. */
export const QueryId = z.coerce.number<string | number>({ message: ID_MESSAGE }).pipe(Id)

const DIGITS = '[1-9]\\d{0,15}'

/** An id written as digits (the spec's payloads carry conversation ids as strings): the range of Id. */
export const IdText = LineText.regex(new RegExp(`^${DIGITS}$`), { message: ID_MESSAGE }).refine(
  (text) => Number(text) <= Number.MAX_SAFE_INTEGER,
  { message: ID_MESSAGE },
)

/** Up to `max` ids separated by commas in a query string (`ids=1,2,3`), each in the range of Id. */
export function idList(max: number, message: string) {
  return LineText.regex(new RegExp(`^${DIGITS}(,${DIGITS}){0,${max - 1}}$`), { message })
    .transform((text) => text.split(',').map(Number))
    .pipe(z.array(Id))
}
