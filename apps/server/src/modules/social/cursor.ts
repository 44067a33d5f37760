import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { cursorError, idFromDigits } from '../../platform/cursors.ts'

/**
 * A keyset position in a list ordered by (time DESC, id DESC). `at` is the row's timestamp as PostgreSQL
 * text with microseconds, so the next page starts exactly after it (a JavaScript Date would drop the
 * microseconds and skip rows). Clients get it as opaque base64url text.
 */
export interface Cursor {
  at: string
  id: number
}

const shape = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/

/** A timestamp as PostgreSQL text with microseconds, for keyset cursors (the `at` of a Cursor). */
export function cursorText(column: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url')
}

export function decodeCursor(text: string | undefined): Cursor | null {
  if (text === undefined || text === '') return null
  const match = shape.exec(Buffer.from(text, 'base64url').toString())
  const id = idFromDigits(match?.[2])
  if (!match?.[1] || id === null || Number.isNaN(Date.parse(match[1]))) throw cursorError()
  return { at: match[1], id }
}

/**
 * A keyset position that is a row id (lists ordered by id DESC: messages, notifications): the client sends
 * back the last id it was shown. Null for the first page.
 */
export function decodeIdCursor(text: string | undefined): number | null {
  if (text === undefined || text === '') return null
  const id = idFromDigits(text)
  if (id === null) throw cursorError()
  return id
}

/** A page of rows fetched with limit + 1, keyed by id: the last id shown is the next page's cursor. */
export function idPageFrom<R extends { id: number }, T>(rows: R[], limit: number, present: (row: R) => T) {
  const hasNext = rows.length > limit
  const shown = hasNext ? rows.slice(0, limit) : rows
  return {
    list: shown.map(present),
    cursor: hasNext ? String(shown.at(-1)?.id) : null,
    has_next: hasNext,
  }
}

/** A page of `limit` rows from `rows` fetched with limit + 1: the extra row only says there is more. */
export function pageFrom<R extends { cursor: Cursor }, T>(rows: R[], limit: number, present: (row: R) => T) {
  const hasNext = rows.length > limit
  const shown = hasNext ? rows.slice(0, limit) : rows
  const last = shown.at(-1)
  return {
    list: shown.map(present),
    cursor: hasNext && last ? encodeCursor(last.cursor) : null,
    has_next: hasNext,
  }
}
