import { formatUsd, NotifyType, noticeBody, PayoutRules, SubsPaths } from '@velvet/contract'
import type { NotificationInput } from './service.ts'

/**
 * Every notification the server sends, one typed builder per kind: the only place that assembles the
 * row's parts (left portrait, middle title and summary, meta, content). Modules say who and what; the
 * shape of a notice, its link and its texts live here.
 */

/** Who a notice is about, as its left portrait and its title show them. */
export interface NoticePerson {
  title: string
  /** A public portrait url, or null. */
  portrait: string | null
}

/** A person row's display name (nickname, then user name) with a fallback, and their portrait url. */
export function noticePerson(
  row: {
    nickname: string | null
    userName?: string | null
    user_name?: string | null
    portrait: string | null
  } | null,
  fallback: string,
  portraitUrl?: (key: string) => string,
): NoticePerson {
  const portrait = row?.portrait ?? null
  return {
    title: row?.nickname ?? row?.userName ?? row?.user_name ?? fallback,
    portrait: portrait && portraitUrl ? portraitUrl(portrait) : portrait,
  }
}

/**
 * A notice shown as a banner, about a person: their portrait, their name and a summary line. The content
 * is the body the list shows under that line: only words of their own (a message, a comment, a gift's
 * note), never the summary again.
 */
function personNotice(
  type: number,
  by: NoticePerson,
  parts: { summary: string; link: string | null; meta?: Record<string, unknown>; content?: string },
): NotificationInput {
  return {
    notify_type: type,
    is_show: 1,
    is_add: 1,
    show_seconds: null,
    link: parts.link,
    left: { content: by.portrait, type: 1 },
    middle: { title: by.title, summary: parts.summary },
    right: null,
    meta: parts.meta ?? {},
    content: noticeBody({
      middle: { title: by.title, summary: parts.summary },
      content: parts.content ?? '',
    }),
  }
}

/** The chat room of `self` with `other`, as the web opens it. */
const chatRoom = (self: number, other: number) => `/chatRoom?u1=${self}&u2=${other}`

export const Notices = {
  /** A fan bought one of the creator's items (ItemPurchased 30); meta.tokens holds the coins. */
  itemPurchased(input: { buyer: NoticePerson; link: string; summary: string; coins: number }) {
    return personNotice(NotifyType.ItemPurchased, input.buyer, {
      summary: input.summary,
      link: input.link,
      meta: { tokens: input.coins },
    })
  },

  /** A gift or a tip reached a creator (GiftReceived 31); the content is the fan's words when given. */
  giftReceived(input: { fan: NoticePerson; link: string; summary: string; coins: number; content: string }) {
    return personNotice(NotifyType.GiftReceived, input.fan, {
      summary: input.summary,
      link: input.link,
      meta: { tokens: input.coins },
      content: input.content,
    })
  },

  /** A message to someone with no open socket (ChatMessage 10). */
  chatMessage(input: {
    sender: NoticePerson
    recipientId: number
    senderId: number
    conversationId: number
    content: string
  }) {
    return personNotice(NotifyType.ChatMessage, input.sender, {
      summary: 'sent you a message',
      link: chatRoom(input.recipientId, input.senderId),
      meta: { conversation_id: String(input.conversationId) },
      content: input.content,
    })
  },

  /** A paid message's coins went back to the fan, unanswered (PaidMessageRefunded 32). */
  paidMessageRefunded(input: {
    creator: NoticePerson
    fanId: number
    creatorId: number
    coins: number
    content: string
  }) {
    return personNotice(NotifyType.PaidMessageRefunded, input.creator, {
      summary: `didn't reply: ${input.coins} coins are back in your wallet`,
      link: chatRoom(input.fanId, input.creatorId),
      meta: { tokens: input.coins },
      content: input.content,
    })
  },

  /** A fan hears about their membership of a creator (PaymentFailed 27, PrePaymentFailed 26). */
  membershipOfFan(input: { type: number; creator: NoticePerson; creatorId: number; summary: string }) {
    return personNotice(input.type, input.creator, {
      summary: input.summary,
      link: SubsPaths.detail(input.creatorId),
    })
  },

  /** A creator hears of a new member, a trial or a renewal (NewMember 40, MemberRenewed). */
  membershipPaid(input: {
    fan: NoticePerson
    kind: 'new_member' | 'trial' | 'renewal'
    amountCents: number
  }) {
    const summary =
      input.kind === 'trial'
        ? 'started a free trial of your membership'
        : input.kind === 'new_member'
          ? `subscribed to you for ${formatUsd(input.amountCents)}`
          : `renewed their membership for ${formatUsd(input.amountCents)}`
    return personNotice(
      input.kind === 'renewal' ? NotifyType.MemberRenewed : NotifyType.NewMember,
      input.fan,
      { summary, link: SubsPaths.subscribers },
    )
  },

  /** Someone started following the user (NewFollower). */
  newFollower(input: { follower: NoticePerson; userName: string | null }) {
    return personNotice(NotifyType.NewFollower, input.follower, {
      summary: 'started following you',
      link: input.userName ? `/@${input.userName}` : null,
    })
  },

  /** A comment on the user's post, or an @mention (PostComment, Mention); the content is the text. */
  postText(input: { type: number; by: NoticePerson; summary: string; text: string; link: string }) {
    return personNotice(input.type, input.by, {
      summary: input.summary,
      link: input.link,
      content: input.text.slice(0, 200),
    })
  },

  /** A withdrawal was sent or failed (PayoutPaid, PayoutFailed); no portrait. */
  payout(input: { payoutId: number; paid: boolean; netCents: number }): NotificationInput {
    const amount = `US$${(input.netCents / 100).toFixed(2)}`
    const title = input.paid ? 'Withdrawal sent' : 'Withdrawal failed'
    const summary = input.paid
      ? `${amount} is on its way (arrives in ${PayoutRules.arrivalBusinessDays} business days).`
      : 'The money is back in your balance. Payouts are paused for one week.'
    return {
      notify_type: input.paid ? NotifyType.PayoutPaid : NotifyType.PayoutFailed,
      is_show: 1,
      is_add: 1,
      show_seconds: null,
      link: `/pay/payout/success?payout_id=${input.payoutId}`,
      left: { content: null, type: 0 },
      middle: { title, summary },
      right: null,
      meta: {},
      content: '',
    }
  },
} as const
