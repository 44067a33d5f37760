import { z } from 'zod'
import { Id, QueryId } from '../rules/ids.ts'
import { EmailCodeValue } from '../rules/profile.ts'
import { LineText } from '../rules/text.ts'
import { defineCall } from './define.ts'

// ---- /setting/adult_setting ----

export const AdultSettings = z.object({
  /** Show adult content at all (off: locked and adult media stay hidden behind a tap). */
  show_adult_content: z.boolean(),
  /** Blur previews of media until tapped. */
  blur_previews: z.boolean(),
})
export type AdultSettings = z.infer<typeof AdultSettings>

export const adultSettings = defineCall({
  method: 'GET',
  path: '/fapi/core/user/adult_setting/',
  access: 'account',
  summary: 'The viewer’s adult-content display settings.',
  response: AdultSettings,
})

export const updateAdultSettings = defineCall({
  method: 'POST',
  path: '/fapi/core/user/adult_setting/update/',
  access: 'account',
  summary: 'Change one or both adult-content display settings.',
  input: AdultSettings.partial(),
  response: AdultSettings,
})

// ---- /user/account ----

export const SessionInfo = z.object({
  session_id: z.number().int().positive(),
  /** "Chrome on Android" style, from the user agent at sign-in. */
  device: z.string(),
  /** Country label from the sign-in address, when known. */
  location: z.string().nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  last_used_at: z.number().int(),
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfo>

export const accountInfo = defineCall({
  method: 'GET',
  path: '/fapi/core/account/info/',
  access: 'account',
  summary: 'E-mail, linked Google account and signed-in sessions of the viewer.',
  response: z.object({
    email: z.string().nullable(),
    google_linked: z.boolean(),
    /** Unix seconds. */
    created_at: z.number().int(),
    sessions: z.array(SessionInfo),
  }),
})

export const revokeSession = defineCall({
  method: 'POST',
  path: '/fapi/core/account/sessions/revoke/',
  access: 'account',
  summary: 'Sign out one other device (its socket gets signout).',
  input: z.object({ session_id: Id }),
  response: z.object({}),
})

export const revokeOtherSessions = defineCall({
  method: 'POST',
  path: '/fapi/core/account/sessions/revoke_others/',
  access: 'account',
  summary: 'Sign out every device but this one.',
  response: z.object({ revoked: z.number().int().min(0) }),
})

export const sendDeleteAccountCode = defineCall({
  method: 'POST',
  path: '/fapi/core/account/delete/send_code/',
  access: 'account',
  summary: 'E-mail a 6-digit code to confirm deleting the account.',
  response: z.object({ email: z.string(), expires_in: z.number().int(), resend_after: z.number().int() }),
})

export const deleteAccount = defineCall({
  method: 'POST',
  path: '/fapi/core/account/delete/',
  access: 'account',
  summary:
    'Delete the account with the e-mailed code. Refused while the coin or payout balance is negative; revokes every session.',
  input: z.object({ code: EmailCodeValue }),
  response: z.object({}),
})

// ---- /manage/email/notification and /manage/email/unsubscribe ----

export const EmailCategory = z.enum([
  'messages',
  'new_posts',
  'subscriptions',
  'earnings',
  'live',
  'product_news',
])
export type EmailCategory = z.infer<typeof EmailCategory>

/** The categories as /manage/email/notification lists them, in this order. */
export const EmailCategoryTexts: Record<EmailCategory, { title: string; description: string }> = {
  messages: { title: 'Messages', description: 'New messages while you are away.' },
  new_posts: { title: 'New posts', description: 'Posts from creators you follow or subscribe to.' },
  subscriptions: { title: 'Subscriptions', description: 'Renewals, failed payments and new subscribers.' },
  earnings: { title: 'Earnings', description: 'Sales, tips and payout updates (creators).' },
  live: { title: 'Live streams', description: 'When a creator you follow goes live.' },
  product_news: { title: 'News from Velvet', description: 'New features and tips, at most twice a month.' },
}

export const EmailPreferences = z.record(EmailCategory, z.boolean())
export type EmailPreferences = Record<EmailCategory, boolean>

export const emailPreferences = defineCall({
  method: 'GET',
  path: '/fapi/core/account/email_notification/',
  access: 'account',
  summary: 'Which e-mails the viewer gets (security and sign-in codes are always sent).',
  response: z.object({ email: z.string().nullable(), preferences: EmailPreferences }),
})

export const updateEmailPreferences = defineCall({
  method: 'POST',
  path: '/fapi/core/account/email_notification/update/',
  access: 'account',
  summary: 'Turn e-mail categories on or off.',
  input: z.object({ preferences: z.partialRecord(EmailCategory, z.boolean()) }),
  response: z.object({ email: z.string().nullable(), preferences: EmailPreferences }),
})

/** The signed parameters an e-mail's unsubscribe link carries (`/manage/email/unsubscribe?u=&c=&sig=`). */
export const UnsubscribeLink = z.object({
  u: QueryId,
  c: EmailCategory,
  sig: LineText.regex(/^[A-Za-z0-9_-]{16,128}$/),
})

export const unsubscribeInfo = defineCall({
  method: 'GET',
  path: '/fapi/core/account/email/unsubscribe_info/',
  access: 'public',
  summary:
    'What a signed unsubscribe link is about (masked e-mail, category, current state); no login needed.',
  input: UnsubscribeLink,
  response: z.object({ masked_email: z.string(), category: EmailCategory, subscribed: z.boolean() }),
})

export const unsubscribeEmail = defineCall({
  method: 'POST',
  path: '/fapi/core/account/email/unsubscribe/',
  access: 'public',
  summary: 'Unsubscribe from a category through a signed link; no login needed.',
  input: UnsubscribeLink,
  response: z.object({ category: EmailCategory, subscribed: z.literal(false) }),
})

export const resubscribeEmail = defineCall({
  method: 'POST',
  path: '/fapi/core/account/email/resubscribe/',
  access: 'public',
  summary: 'Undo an unsubscribe through the same signed link; no login needed.',
  input: UnsubscribeLink,
  response: z.object({ category: EmailCategory, subscribed: z.literal(true) }),
})

// ---- /manage/terms ----

export const LegalDocument = z.object({
  kind: z.enum(['terms', 'privacy', 'creator_agreement']),
  title: z.string(),
  version: z.string(),
  /** The page that shows the text. */
  path: z.string(),
  /** Unix seconds of the viewer's acceptance of this version, null when not accepted (yet). */
  accepted_at: z.number().int().nullable(),
})
export type LegalDocument = z.infer<typeof LegalDocument>

export const legalDocuments = defineCall({
  method: 'GET',
  path: '/fapi/core/account/terms/',
  access: 'account',
  summary: 'The legal documents that apply to the viewer and when they were accepted.',
  response: z.object({ documents: z.array(LegalDocument) }),
})
