import { EMAIL_SOURCE, EmailTemplates } from '../calls/notifications.ts'

/** What the app does with an e-mail link's query (spec §5 E-mail links). */
export interface EmailLinkAction {
  /** A click to report (template and the user the e-mail went to), with the query as payload. */
  report: { template: string; userId: number; payload: Record<string, string> } | null
  /** Report only once per session under this key (the earnings report). */
  onceKey: string | null
  /** Store open_create (a signed-in user opens the create popup). */
  openCreate: boolean
  /** Query parameters to remove from the address. */
  strip: string[]
  /** The e-mail went to another account than the signed-in one. */
  mismatch: boolean
}

const hasExactly = (params: URLSearchParams, keys: string[]) => {
  const present = [...new Set(params.keys())]
  return present.length === keys.length && keys.every((key) => params.has(key))
}

/**
 * Reads spec §5's e-mail link rules from a query, for the signed-in user (`viewerId`, null for a guest):
 * - exactly t, sc, s with sc email and t the earnings template: report once per session per s and t;
 * - t, open_create, sc, s with sc email: report the click, store open_create if signed in, strip them;
 * - s other than the signed-in user with sc email: the account mismatch (a dialog, or 102 on /chatRoom).
 * Links with t, target_user_id, sc, s are the renewal links (subs/renewal-target.ts). Null: not an e-mail link.
 */
export function readEmailLink(search: string, viewerId: number | null): EmailLinkAction | null {
  const params = new URLSearchParams(search)
  if (params.get('sc') !== EMAIL_SOURCE) return null
  const template = params.get('t') ?? ''
  const userId = Number(params.get('s'))
  const validUser = Number.isSafeInteger(userId) && userId > 0
  const action: EmailLinkAction = {
    report: null,
    onceKey: null,
    openCreate: false,
    strip: [],
    mismatch: viewerId !== null && validUser && userId !== viewerId,
  }
  const payload = Object.fromEntries(params.entries())
  if (template === EmailTemplates.earnings && hasExactly(params, ['t', 'sc', 's']) && validUser) {
    action.report = { template, userId, payload }
    action.onceKey = `${userId}:${template}`
  } else if (params.has('open_create') && params.has('t') && params.has('s') && validUser) {
    action.report = { template, userId, payload }
    action.openCreate = viewerId !== null
    action.strip = ['t', 'open_create', 'sc', 's']
  }
  return action
}
