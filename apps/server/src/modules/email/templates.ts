import { formatUsd, MembershipRules, NotifyType } from '@velvet/contract'
import type { MailContent } from './layout.ts'
import type { MailLinks } from './links.ts'

/** A notice's own words (its title is the person, its summary what happened), as the app showed them. */
export interface NoticeData {
  notifyType: number
  title: string
  summary: string
  /** The other user the notice is about (the creator of a membership whose renewal failed). */
  targetUserId: number | null
}

export interface EarningsLine {
  label: string
  count: number
  cents: number
}

export interface EarningsData {
  /** "Tuesday, November 24" (Pacific). */
  day: string
  lines: EarningsLine[]
  totalCents: number
  balanceCents: number
}

export interface DigestData {
  conversations: { peerId: number; name: string; count: number }[]
}

/** How many conversations a digest lists by name. */
export const DIGEST_LISTED = 5

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

export function newMemberMail(notice: NoticeData, links: MailLinks): MailContent {
  const line = `${notice.title} ${notice.summary}`
  return {
    subject: line,
    preheader: 'Welcome them with a post only members can see.',
    heading: 'You have a new member',
    paragraphs: [
      sentence(line),
      'Say hello with a post for your members: fans who hear from you in their first days are the ones who stay.',
    ],
    action: { label: 'Post for your members', url: links.newMember() },
  }
}

export function paymentFailedMail(notice: NoticeData, links: MailLinks): MailContent {
  const upcoming = notice.notifyType === NotifyType.PrePaymentFailed
  const url = links.renewal(notice.targetUserId)
  if (upcoming)
    return {
      subject: `Your membership with ${notice.title} renews tomorrow: check your card`,
      preheader: 'Add a card so that you keep your access.',
      heading: 'Your membership renews tomorrow',
      paragraphs: [sentence(notice.summary), `Add or update a card to keep seeing ${notice.title}’s posts.`],
      action: { label: 'Update my card', url },
    }
  return {
    subject: `We couldn’t renew your membership with ${notice.title}`,
    preheader: `You keep access for ${MembershipRules.graceDays} days while we retry.`,
    heading: 'Your payment didn’t go through',
    paragraphs: [
      sentence(notice.summary),
      `You keep access to ${notice.title}’s posts for ${MembershipRules.graceDays} days while we retry once a day.`,
    ],
    action: { label: 'Renew my membership', url },
  }
}

export function payoutMail(notice: NoticeData, links: MailLinks): MailContent {
  const paid = notice.notifyType === NotifyType.PayoutPaid
  return {
    subject: paid ? 'Your withdrawal is on its way' : 'Your withdrawal failed',
    preheader: notice.summary,
    heading: notice.title,
    paragraphs: paid
      ? [sentence(notice.summary)]
      : [sentence(notice.summary), 'Check your payout method so that the next withdrawal goes through.'],
    action: { label: paid ? 'See my payouts' : 'Check my payout method', url: links.payout() },
  }
}

export function earningsMail(data: EarningsData, links: MailLinks): MailContent {
  const total = formatUsd(data.totalCents)
  return {
    subject: `You earned ${total} on ${data.day}`,
    preheader: `${total} from ${data.lines.map((l) => l.label.toLowerCase()).join(', ')}.`,
    heading: 'Your earnings summary',
    paragraphs: [`Here is what you earned on ${data.day} (Pacific time), after the platform’s share.`],
    rows: [
      ...data.lines.map((l) => ({
        label: `${l.label} (${l.count})`,
        value: formatUsd(l.cents),
        money: true,
      })),
      { label: 'Total', value: total, money: true },
      { label: 'Available to withdraw', value: formatUsd(data.balanceCents), money: true },
    ],
    action: { label: 'Open my wallet', url: links.earnings() },
  }
}

export function digestMail(data: DigestData, links: MailLinks): MailContent {
  const total = data.conversations.reduce((sum, c) => sum + c.count, 0)
  const [first] = data.conversations
  const others = data.conversations.length - 1
  const from = `${first?.name ?? 'someone'}${others > 0 ? ` and ${others} other${others === 1 ? '' : 's'}` : ''}`
  const messages = `${total} new message${total === 1 ? '' : 's'}`
  const hidden = data.conversations.length - DIGEST_LISTED
  return {
    subject: `${messages} from ${from}`,
    preheader: `${from} wrote to you while you were away.`,
    heading: 'You have new messages',
    paragraphs: [`${sentence(`${from} wrote to you while you were away`)} Open Velvet to read and reply.`],
    rows: [
      ...data.conversations.slice(0, DIGEST_LISTED).map((c) => ({
        label: c.name,
        value: `${c.count} new`,
        url: links.conversation(c.peerId),
      })),
      ...(hidden > 0 ? [{ label: `More conversations`, value: `${hidden}` }] : []),
    ],
    action: { label: 'Open my messages', url: links.inbox() },
  }
}
