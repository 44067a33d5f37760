import { ChatRules } from '@velvet/contract'

/** What decides what one message costs its sender (DESIGN §8, /setting/paid_message). */
export interface SendCostFacts {
  senderIsCreator: boolean
  recipientIsCreator: boolean
  /** The recipient's paid message settings (null: never set, messages are free). */
  settings: { price: number; membersFree: boolean; creatorsFree: boolean } | null
  /** The sender is a member (active or in grace) of the recipient. */
  senderIsMember: boolean
  /** Free messages the sender has already sent in this conversation. */
  freeUsed: number
}

/**
 * The price of the sender's next message and the free messages left. A creator's price applies to fans who
 * are not members (members and other creators message free unless the creator turned that off), after
 * ChatRules.freeMessages free ones. Messages to a fan are always free.
 */
export function sendCost(facts: SendCostFacts): { price: number; freeLeft: number | null } {
  const { settings } = facts
  if (!facts.recipientIsCreator || !settings || settings.price === 0) return { price: 0, freeLeft: null }
  const exempt = facts.senderIsCreator ? settings.creatorsFree : facts.senderIsMember && settings.membersFree
  if (exempt) return { price: 0, freeLeft: null }
  const freeLeft = Math.max(0, ChatRules.freeMessages - facts.freeUsed)
  return { price: freeLeft > 0 ? 0 : settings.price, freeLeft }
}

/** What a PPV message sells: the sender and its photos, whatever the order (the ledger unlock's item id). */
export function contentKeyOf(senderId: number, mediaIds: readonly number[]): string {
  return `${senderId}:${[...mediaIds].sort((a, b) => a - b).join(',')}`
}
