import type { EmailCategory, EmailPreferences } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import { isValidUnsubscribeSignature, maskEmail, unsubscribeSignature } from './links.ts'
import { presentPreferences } from './presenters.ts'
import type { AccountRepo } from './repo.ts'

/** The RFC 8058 one-click endpoint mail providers POST to (a plain route, not a contract call). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/fapi/core/account/email/one_click/'
/** The web page an e-mail's unsubscribe link opens. */
export const UNSUBSCRIBE_PAGE_PATH = '/manage/email/unsubscribe'

export interface UnsubscribeLinkParams {
  u: number
  c: EmailCategory
  sig: string
}

/**
 * /manage/email/notification and the signed unsubscribe links (/manage/email/unsubscribe, one-click).
 * Mail senders ask `mailAddress` (or `wantsEmail`) before sending and put `listUnsubscribeHeaders` and `unsubscribeUrl` in
 * every non-essential mail.
 */
export function createEmailPreferencesService(deps: {
  repo: AccountRepo
  secret: string
  publicUrl: string
}) {
  const { repo, secret, publicUrl } = deps

  function linkQuery(userId: number, category: EmailCategory): string {
    const sig = unsubscribeSignature(secret, userId, category)
    return new URLSearchParams({ u: String(userId), c: category, sig }).toString()
  }

  /** The account a signed link is about; a bad signature or a deleted account answers 3021. */
  async function accountOfLink(link: UnsubscribeLinkParams) {
    if (!isValidUnsubscribeSignature(secret, link.u, link.c, link.sig)) {
      throw new AppError('UnsubscribeLinkInvalid')
    }
    const account = await repo.account(link.u)
    if (!account?.email || account.deletedAt) throw new AppError('UnsubscribeLinkInvalid')
    return { ...account, email: account.email }
  }

  async function setCategory(userId: number, category: EmailCategory, on: boolean) {
    const row = await repo.setEmailCategories(
      userId,
      on ? { on: [category], off: [] } : { on: [], off: [category] },
    )
    if (!row) throw new AppError('UnsubscribeLinkInvalid')
  }

  /**
   * Where a mail of this category may go: the account's address, or null when it has none (a guest; an
   * address is only ever stored verified, by an e-mail code or a verified Google account), is deleted, or
   * turned the category off.
   */
  async function mailAddress(userId: number, category: EmailCategory): Promise<string | null> {
    const account = await repo.account(userId)
    if (!account?.email || account.deletedAt) return null
    return account.emailOptOuts[category] === true ? null : account.email
  }

  return {
    async preferences(viewer: Viewer): Promise<{ email: string | null; preferences: EmailPreferences }> {
      const account = await repo.account(viewer.userId)
      if (!account || account.deletedAt) throw new AppError('NotLoggedIn')
      return { email: account.email, preferences: presentPreferences(account.emailOptOuts) }
    },

    async update(viewer: Viewer, changes: Partial<Record<EmailCategory, boolean>>) {
      const entries = Object.entries(changes) as [EmailCategory, boolean][]
      const row = await repo.setEmailCategories(viewer.userId, {
        on: entries.filter(([, on]) => on).map(([c]) => c),
        off: entries.filter(([, on]) => !on).map(([c]) => c),
      })
      if (!row) throw new AppError('NotLoggedIn')
      return { email: row.email, preferences: presentPreferences(row.emailOptOuts) }
    },

    async linkInfo(link: UnsubscribeLinkParams) {
      const account = await accountOfLink(link)
      return {
        masked_email: maskEmail(account.email),
        category: link.c,
        subscribed: account.emailOptOuts[link.c] !== true,
      }
    },

    async unsubscribe(link: UnsubscribeLinkParams) {
      await accountOfLink(link)
      await setCategory(link.u, link.c, false)
      return { category: link.c, subscribed: false as const }
    },

    async resubscribe(link: UnsubscribeLinkParams) {
      await accountOfLink(link)
      await setCategory(link.u, link.c, true)
      return { category: link.c, subscribed: true as const }
    },

    /** The page link for the body of a mail: `<publicUrl>/manage/email/unsubscribe?u=&c=&sig=`. */
    unsubscribeUrl(userId: number, category: EmailCategory): string {
      return `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}?${linkQuery(userId, category)}`
    },

    /** RFC 8058 headers: mail providers show an unsubscribe button that POSTs to the one-click endpoint. */
    listUnsubscribeHeaders(userId: number, category: EmailCategory): Record<string, string> {
      return {
        'List-Unsubscribe': `<${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?${linkQuery(userId, category)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    },

    mailAddress,

    /** Whether a mail of this category may go to the user (an account with an address, category on). */
    async wantsEmail(userId: number, category: EmailCategory): Promise<boolean> {
      return (await mailAddress(userId, category)) !== null
    },
  }
}

export type EmailPreferencesService = ReturnType<typeof createEmailPreferencesService>
