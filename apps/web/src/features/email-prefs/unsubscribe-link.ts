import { UnsubscribeLink } from '@velvet/contract'
import type { UnsubscribeParams } from './email-prefs.queries.ts'

/** The signed parameters of /manage/email/unsubscribe?u=&c=&sig=, or null when they are missing or bad. */
export function unsubscribeParamsOf(search: string): UnsubscribeParams | null {
  const query = new URLSearchParams(search)
  const parsed = UnsubscribeLink.safeParse({
    u: query.get('u') ?? undefined,
    c: query.get('c') ?? undefined,
    sig: query.get('sig') ?? undefined,
  })
  return parsed.success ? parsed.data : null
}
