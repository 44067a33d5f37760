import {
  coinsToCents,
  type FeeLine,
  FeeLineLabels,
  giftById,
  type PostAuthor,
  type SaleKind,
  type Transaction,
  type TransactionKind,
  type TransactionLink,
  TransactionTexts,
  UserRole,
} from '@velvet/contract'
import { TransferKind } from '../ledger/accounts.ts'
import { SPENDING_KINDS, type StatementRow, type UserCardRow } from './repo.ts'

const KIND_NAMES: Record<number, TransactionKind> = {
  [TransferKind.CoinPurchase]: 'coin_purchase',
  [TransferKind.MembershipCharge]: 'membership',
  [TransferKind.Unlock]: 'unlock',
  [TransferKind.Gift]: 'gift',
  [TransferKind.PaidMessage]: 'paid_message',
  [TransferKind.PayoutRequest]: 'payout_request',
  [TransferKind.PayoutPaid]: 'payout_paid',
  [TransferKind.PayoutFailed]: 'payout_failed',
  [TransferKind.Chargeback]: 'chargeback',
  [TransferKind.Refund]: 'refund',
}

type Role = Transaction['role']

/** A number stored in a transfer's meta, or null when it is missing or not an integer. */
function metaInt(meta: Record<string, unknown>, key: string): number | null {
  const value = meta[key]
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null
}

function line(key: FeeLine['key'], amount: number, unit: FeeLine['unit'] = 'usd_cents'): FeeLine {
  return { key, label: FeeLineLabels[key], amount, unit }
}

/** The viewer's side of a transfer. */
function roleOf(row: StatementRow, viewerId: number): Role {
  if (!SPENDING_KINDS.includes(row.kind)) return 'owner'
  if (row.actorUserId === viewerId) return 'buyer'
  return row.counterpartyUserId === viewerId ? 'seller' : 'referrer'
}

/** What a sale was for, from the transfer's kind, item and meta (a chat sale names its message). */
function saleOf(row: StatementRow): SaleKind | null {
  const inChat = metaInt(row.meta, 'message_id') !== null
  switch (row.kind) {
    case TransferKind.Unlock:
      return row.itemType === 'post' ? 'post_unlock' : 'message_unlock'
    case TransferKind.Gift:
      if (!inChat) return 'gift'
      return row.itemType === 'gift' ? 'chat_gift' : 'chat_tip'
    case TransferKind.PaidMessage:
      return 'paid_message'
    case TransferKind.MembershipCharge:
      return 'membership'
    default:
      return null
  }
}

function titleOf(kind: TransactionKind, role: Role, row: StatementRow, sale: SaleKind | null): string {
  if (sale) {
    const giftName = giftById(metaInt(row.meta, 'gift_id') ?? 0)?.name ?? TransactionTexts.unknownGift
    const words = TransactionTexts.sale[sale]
    if (role === 'buyer') return words.buyer(giftName)
    return role === 'seller' ? words.seller(giftName) : TransactionTexts.referral(words.seller(giftName))
  }
  const coins = metaInt(row.meta, 'coins') ?? row.coinsDelta
  const titles: Partial<Record<TransactionKind, string>> = {
    coin_purchase: TransactionTexts.coinPurchase(Math.abs(coins).toLocaleString('en-US')),
    payout_request: TransactionTexts.payoutRequest,
    payout_paid: TransactionTexts.payoutPaid,
    payout_failed: TransactionTexts.payoutFailed,
    chargeback: TransactionTexts.chargeback,
  }
  return titles[kind] ?? TransactionTexts.refund
}

/**
 * Where a line leads: the post bought or gifted on, the conversation of a chat sale (the buyer's and the
 * seller's, not a referrer's), the profile of the other side of a membership.
 */
function linkOf(
  sale: SaleKind | null,
  role: Role,
  postId: number | null,
  viewerId: number,
  other: PostAuthor | null,
): TransactionLink | null {
  const { links } = TransactionTexts
  if (postId !== null && (sale === 'post_unlock' || sale === 'gift'))
    return { kind: 'post', label: links.post, path: `/post?id=${postId}` }
  const person = other?.user_name ? other : null
  if (!person || role === 'referrer') return null
  if (sale === 'message_unlock' || sale === 'chat_gift' || sale === 'chat_tip' || sale === 'paid_message')
    return {
      kind: 'conversation',
      label: links.conversation,
      path: `/chatRoom?u1=${viewerId}&u2=${person.user_id}`,
    }
  if (sale === 'membership') return { kind: 'profile', label: links.profile, path: `/@${person.user_name}` }
  return null
}

/** The statement lines of a transfer as the viewer may see them (creators see how a sale split). */
function linesOf(kind: TransactionKind, role: Role, row: StatementRow): FeeLine[] {
  const meta = row.meta
  const gross = metaInt(meta, 'gross_cents')
  if (role === 'seller' && gross !== null) {
    const lines = [line('gross', gross), line('platform_fee', -(metaInt(meta, 'fee_cents') ?? 0))]
    const referral = metaInt(meta, 'referral_cents') ?? 0
    if (referral > 0) lines.push(line('referral', -referral))
    lines.push(line('net', metaInt(meta, 'net_cents') ?? row.centsDelta))
    return lines
  }
  if (role === 'referrer' && gross !== null) {
    return [line('gross', gross), line('referral', metaInt(meta, 'referral_cents') ?? row.centsDelta)]
  }
  // A buyer paying by card sees the card amount; paying with coins, the amount already says it all.
  if (role === 'buyer' && gross !== null && metaInt(meta, 'coins') === null) return [line('paid', gross)]
  if (kind === 'coin_purchase') {
    const paid = gross ?? metaInt(meta, 'amount_cents') ?? coinsToCents(row.coinsDelta)
    return [line('paid', paid)]
  }
  // A chargeback: the card payment reversed (negative), whatever coins could be taken back.
  if (kind === 'chargeback' && gross !== null) return [line('amount', gross)]
  if (kind === 'payout_request' || kind === 'payout_paid' || kind === 'payout_failed') {
    const lines: FeeLine[] = []
    // A payout sent before its record named the amount and fee says only what was sent.
    const amount =
      metaInt(meta, 'amount_cents') ?? (kind === 'payout_paid' ? metaInt(meta, 'net_cents') : null)
    const fee = metaInt(meta, 'fee_cents') ?? metaInt(meta, 'payout_fee_cents')
    const net = metaInt(meta, 'net_cents')
    if (amount !== null) lines.push(line('amount', amount))
    if (fee !== null) lines.push(line('payout_fee', -fee))
    if (net !== null) lines.push(line('net', net))
    return lines
  }
  return []
}

export function presentCard(
  id: number,
  row: UserCardRow | undefined,
  portraitUrl: (key: string) => string,
): PostAuthor {
  const gone = !row || row.deletedAt !== null
  return {
    user_id: id,
    user_name: gone ? null : row.userName,
    nickname: gone ? 'Deleted account' : row.nickname,
    portrait: gone || !row.portrait ? null : portraitUrl(row.portrait),
    verified: !gone && row.userRole === UserRole.Creator,
  }
}

/** The other person of a statement entry: the creator paid, the fan who paid, the referred creator. */
export function counterpartyOf(row: StatementRow, viewerId: number): number | null {
  const role = roleOf(row, viewerId)
  if (role === 'buyer' || role === 'referrer') return row.counterpartyUserId
  if (role === 'seller') return row.actorUserId
  return null
}

/** One statement entry as its owner sees it: kind, time, signed amount with its unit, fee lines. */
export function presentTransaction(
  row: StatementRow,
  viewerId: number,
  cards: Map<number, UserCardRow>,
  portraitUrl: (key: string) => string,
): Transaction {
  const kind = KIND_NAMES[row.kind] ?? 'refund'
  const role = roleOf(row, viewerId)
  let amount = 0
  let unit: Transaction['unit'] = 'usd_cents'
  if (row.coinsDelta !== 0) {
    amount = row.coinsDelta
    unit = 'coins'
  } else if (row.centsDelta !== 0) {
    amount = row.centsDelta
  } else if (role === 'buyer') {
    // Paid by card (a membership): nothing moved in the viewer's wallets; the card paid the gross.
    amount = -(metaInt(row.meta, 'gross_cents') ?? 0)
  }
  const other = counterpartyOf(row, viewerId)
  const card = other === null ? null : presentCard(other, cards.get(other), portraitUrl)
  const postValue =
    row.itemType === 'post' && row.itemId !== null ? Number(row.itemId) : metaInt(row.meta, 'post_id')
  const postId = postValue !== null && Number.isSafeInteger(postValue) && postValue > 0 ? postValue : null
  const sale = saleOf(row)
  const message = typeof row.meta.message === 'string' && row.meta.message ? row.meta.message : null
  return {
    id: String(row.id),
    kind,
    role,
    title: titleOf(kind, role, row, sale),
    time: Math.floor(row.createdAt.getTime() / 1000),
    amount,
    unit,
    counterparty: card,
    sale,
    post_id: postId,
    link: linkOf(sale, role, postId, viewerId, card),
    message: sale === 'gift' || sale === 'chat_gift' || sale === 'chat_tip' ? message : null,
    lines: linesOf(kind, role, row),
  }
}
