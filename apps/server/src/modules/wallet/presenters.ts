import {
  coinsToCents,
  type FeeLine,
  FeeLineLabels,
  giftById,
  type PostAuthor,
  type Transaction,
  type TransactionKind,
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

function titleOf(kind: TransactionKind, role: Role, row: StatementRow): string {
  const gift = giftById(metaInt(row.meta, 'gift_id') ?? 0)
  const coins = metaInt(row.meta, 'coins') ?? row.coinsDelta
  const sale: Partial<Record<TransactionKind, [string, string]>> = {
    unlock: ['Unlocked a post', 'Post unlocked'],
    gift: [`Gift: ${gift?.name ?? 'gift'}`, `Gift received: ${gift?.name ?? 'gift'}`],
    membership: ['Membership', 'Membership payment'],
    paid_message: ['Paid message', 'Paid message received'],
  }
  const pair = sale[kind]
  if (pair) {
    if (role === 'buyer') return pair[0]
    return role === 'seller' ? pair[1] : `Referral share: ${pair[1].toLowerCase()}`
  }
  const titles: Record<TransactionKind, string> = {
    coin_purchase: `Bought ${Math.abs(coins).toLocaleString('en-US')} coins`,
    payout_request: 'Payout requested',
    payout_paid: 'Payout paid',
    payout_failed: 'Payout failed, returned',
    chargeback: 'Chargeback',
    refund: 'Refund',
    unlock: '',
    gift: '',
    membership: '',
    paid_message: '',
  }
  return titles[kind]
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
    const amount = metaInt(meta, 'amount_cents')
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
  const postId =
    row.itemType === 'post' && row.itemId !== null ? Number(row.itemId) : metaInt(row.meta, 'post_id')
  return {
    id: String(row.id),
    kind,
    role,
    title: titleOf(kind, role, row),
    time: Math.floor(row.createdAt.getTime() / 1000),
    amount,
    unit,
    counterparty: other === null ? null : presentCard(other, cards.get(other), portraitUrl),
    post_id: postId !== null && Number.isSafeInteger(postId) && postId > 0 ? postId : null,
    message: kind === 'gift' && typeof row.meta.message === 'string' ? row.meta.message : null,
    lines: linesOf(kind, role, row),
  }
}
