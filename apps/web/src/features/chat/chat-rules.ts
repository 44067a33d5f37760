import type { InfiniteData } from '@tanstack/react-query'
import {
  type ChatMessage,
  ChatRules,
  type Conversation,
  ConversationFilter,
  MsgType,
  Posts,
} from '@velvet/contract'
import { readJson, writeJson } from '../../lib/storage.ts'

/** The /message filter tabs, in order, with their labels. */
export const FILTERS: ReadonlyArray<{ value: ConversationFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'spenders', label: 'Spenders' },
  { value: 'members', label: 'Members' },
]

/** The filter kept for this tab's session (spec §3: session storage, default all). */
export function storedFilter(): ConversationFilter {
  return readJson(ChatRules.filterStorageKey, ConversationFilter, 'session') ?? 'all'
}

export function storeFilter(filter: ConversationFilter): void {
  writeJson(ChatRules.filterStorageKey, filter, 'session')
}

/** A new client message id: made once when the user taps send, kept for every retry of that message. */
export function newClientMsgId(): string {
  return `c-${crypto.randomUUID()}`
}

export type MessagePage = { list: ChatMessage[]; cursor: string | null; has_next: boolean }

/** Pages come newest first; the room shows them oldest first, each message once. */
export function chronological(data: InfiniteData<MessagePage, unknown> | undefined): ChatMessage[] {
  const seen = new Set<number>()
  const all: ChatMessage[] = []
  for (const page of data?.pages ?? []) {
    for (const message of page.list) {
      if (seen.has(message.message_id)) continue
      seen.add(message.message_id)
      all.push(message)
    }
  }
  return all.sort((a, b) => a.message_id - b.message_id)
}

/** What a conversation row says of its last message. */
export function previewOf(conversation: Conversation, viewerId: number): string {
  const last = conversation.last_message
  if (!last) return ''
  const mine = last.sender.id === viewerId ? 'You: ' : ''
  if (last.msg_type === MsgType.Image) return `${mine}${last.text || 'Photo'}`
  if (last.msg_type === MsgType.Video) return `${mine}${last.text || 'Video'}`
  if (last.msg_type === MsgType.Ppv) return `${mine}${last.text || 'Locked message'}`
  if (last.msg_type === MsgType.Tip) return `${mine}${last.text || 'Tip'}`
  if (last.msg_type === MsgType.Gift) return `${mine}${last.text || 'Gift'}`
  return `${mine}${last.text}`
}

/** Seconds from a message's timetoken (microseconds, spec §3). */
export const secondsOf = (timetoken: number) => Math.floor(timetoken / 1_000_000)

/** A message time: the clock time today, the weekday this week, else the date. */
export function messageTime(seconds: number, nowSeconds: number, timeZone?: string): string {
  const at = new Date(seconds * 1000)
  const now = new Date(nowSeconds * 1000)
  const day = (d: Date) => d.toLocaleDateString('en-US', { timeZone })
  if (day(at) === day(now))
    return at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone })
  if (nowSeconds - seconds < 6 * 86_400) return at.toLocaleDateString('en-US', { weekday: 'short', timeZone })
  return at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone })
}

/** The id of my last message the other side has read ("Seen" shows under it), or null. */
export function seenMessageId(messages: ChatMessage[], viewerId: number, peerReadId: number): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message && message.sender.id === viewerId && message.message_id <= peerReadId)
      return message.message_id
  }
  return null
}

/** Coins typed in a field: a whole number from `min` to `max`, else null. */
export function coinsIn(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const coins = Number(text)
  return coins >= min && coins <= max ? coins : null
}

/** A PPV price typed in the composer (the post price range). */
export const ppvPriceOf = (text: string) => coinsIn(text, Posts.priceMin, Posts.priceMax)

/** What the composer sends: the text (trimmed), the media ids of its photos and videos, a PPV price. */
export interface MessageDraft {
  text: string
  media: number[]
  price: number | null
}

/**
 * The message the composer holds, or null while it cannot be sent: it needs text or media, every attachment
 * uploaded (`ready` is null until then), and a pay-per-view one needs media and a valid price.
 */
export function draftOf({
  text,
  ready,
  ppv,
  price,
}: {
  text: string
  ready: number[] | null
  ppv: boolean
  price: string
}): MessageDraft | null {
  if (ready === null) return null
  const priceCoins = ppv ? ppvPriceOf(price) : null
  if (text.trim() === '' && ready.length === 0) return null
  if (ppv && (priceCoins === null || ready.length === 0)) return null
  return { text: text.trim(), media: ready, price: priceCoins }
}
