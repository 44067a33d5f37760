import {
  type EmailLinkShape,
  type EmailTemplate,
  EmailTemplates,
  emailLinkPath,
  SubsPaths,
} from '@velvet/contract'

/** The app pages our e-mails open. */
export const MailPages = {
  wallet: '/pay/wallet',
  payout: '/pay/payout',
  inbox: '/message',
  chatRoom: (userId: number, peerId: number) => `/chatRoom?u1=${userId}&u2=${peerId}`,
  emailSettings: '/manage/email/notification',
} as const

/**
 * Every link in the mails to one user, each carrying spec §5's parameters in the shape the app reads:
 * - the earnings summary: exactly t, sc, s (reported once per session);
 * - new member and payout (creators): t, open_create, sc, s (reported; the create popup invites a post);
 * - payment failed (fans): exactly t, target_user_id, sc, s (the membership screens open that renewal);
 * - the new-messages digest: t, sc, s after the page's own query (/chatRoom: a wrong account sees 102).
 */
export function mailLinks(publicUrl: string, userId: number) {
  const link = (path: string, template: EmailTemplate, shape?: EmailLinkShape) =>
    `${publicUrl}${emailLinkPath(path, template, userId, shape)}`
  const openCreate = { kind: 'open_create' } as const
  return {
    earnings: () => link(MailPages.wallet, EmailTemplates.earnings),
    newMember: () => link(SubsPaths.subscribers, EmailTemplates.newMember, openCreate),
    payout: () => link(MailPages.payout, EmailTemplates.payout, openCreate),
    /** The renewal of one creator's membership; without a creator, the subscriptions page. */
    renewal: (creatorId: number | null) =>
      link(
        SubsPaths.subscriptions,
        EmailTemplates.paymentFailed,
        creatorId === null ? { kind: 'plain' } : { kind: 'renewal', targetUserId: creatorId },
      ),
    inbox: () => link(MailPages.inbox, EmailTemplates.newMessages),
    conversation: (peerId: number) => link(MailPages.chatRoom(userId, peerId), EmailTemplates.newMessages),
    /** The e-mail settings page (the account check still applies; it is not reported). */
    settings: (template: EmailTemplate) => link(MailPages.emailSettings, template),
  }
}

export type MailLinks = ReturnType<typeof mailLinks>
