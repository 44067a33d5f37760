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
  /**
   * A renewal link (exactly t, target_user_id, sc, s): the creator whose renewal to keep in
   * renewal_target_user_id, or null to remove it (the e-mail went to someone else, or nobody is signed in).
   * Null for any other link.
   */
  renewal: { targetUserId: number | null } | null
}

const RENEWAL_LINK = ['t', 'target_user_id', 'sc', 's']

const hasExactly = (params: URLSearchParams, keys: string[]) => {
  const present = [...new Set(params.keys())]
  return present.length === keys.length && keys.every((key) => params.has(key))
}

/**
 * Reads spec §5's e-mail link rules from a query, for the signed-in user (`viewerId`, null for a guest):
 * - exactly t, sc, s with sc email and t the earnings template: report once per session per s and t;
 * - t, open_create, sc, s with sc email: report the click, store open_create if signed in, strip them;
 * - exactly t, target_user_id, sc, s with sc email: keep the renewal target when s is the signed-in user,
 *   else remove it; strip them (on any page; the membership screens then open that renewal);
 * - s other than the signed-in user with sc email: the account mismatch (a dialog, or 102 on /chatRoom).
 * Null: not an e-mail link.
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
    renewal: null,
  }
  const payload = Object.fromEntries(params.entries())
  if (template === EmailTemplates.earnings && hasExactly(params, ['t', 'sc', 's']) && validUser) {
    action.report = { template, userId, payload }
    action.onceKey = `${userId}:${template}`
  } else if (params.has('open_create') && params.has('t') && params.has('s') && validUser) {
    action.report = { template, userId, payload }
    action.openCreate = viewerId !== null
    action.strip = ['t', 'open_create', 'sc', 's']
  } else if (hasExactly(params, RENEWAL_LINK)) {
    const target = Number(params.get('target_user_id'))
    const mine = validUser && userId === viewerId && Number.isSafeInteger(target) && target > 0
    action.renewal = { targetUserId: mine ? target : null }
    action.strip = RENEWAL_LINK
  }
  return action
}

/** A template name of our e-mails (`t`). */
export type EmailTemplate = (typeof EmailTemplates)[keyof typeof EmailTemplates]

/**
 * The three shapes of spec §5 an e-mail link takes (the only ones the app reads):
 * - `plain`: exactly t, sc, s (the earnings report is reported once per session; for other templates the app
 *   only checks the account);
 * - `open_create`: t, open_create, sc, s (reported; a signed-in creator gets the create popup);
 * - `renewal`: exactly t, target_user_id, sc, s (the membership screens open that creator's renewal).
 */
export type EmailLinkShape =
  | { kind: 'plain' }
  | { kind: 'open_create' }
  | { kind: 'renewal'; targetUserId: number }

/** The query of an e-mail link, its parameters in the order of spec §5: `t=..[&open_create=1|&target_user_id=..]&sc=email&s=..`. */
export function emailLinkQuery(
  template: EmailTemplate,
  userId: number,
  shape: EmailLinkShape = { kind: 'plain' },
): string {
  const params = new URLSearchParams({ t: template })
  if (shape.kind === 'open_create') params.set('open_create', '1')
  if (shape.kind === 'renewal') params.set('target_user_id', String(shape.targetUserId))
  params.set('sc', EMAIL_SOURCE)
  params.set('s', String(userId))
  return params.toString()
}

/**
 * A page path with the e-mail link parameters added. The `plain` earnings link and the `renewal` link must
 * carry exactly their parameters, so their path has no query of its own; other links may (/chatRoom?u1=&u2=).
 */
export function emailLinkPath(
  path: string,
  template: EmailTemplate,
  userId: number,
  shape: EmailLinkShape = { kind: 'plain' },
): string {
  const exact = shape.kind === 'renewal' || (shape.kind === 'plain' && template === EmailTemplates.earnings)
  if (exact && path.includes('?')) throw new Error(`an exact e-mail link cannot carry its own query: ${path}`)
  return `${path}${path.includes('?') ? '&' : '?'}${emailLinkQuery(template, userId, shape)}`
}
