import { coinsToCents, Shares, splitSale } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { type Db, executePrepared, type Tx } from '../../platform/db.ts'
import { AccountKind, type PostingInput, type TransferKind } from './accounts.ts'
import { creatorTerms } from './schema.ts'
import type { LedgerService, TransferResult } from './service.ts'

/** How a sale was paid: coins from the buyer's wallet, or US cents charged to a card. */
export type SalePayment = { coins: number } | { cardCents: number }

export interface SaleRequest {
  key: string
  kind: TransferKind
  buyerId: number
  creatorId: number
  item: { type: string; id: string } | null
  payment: SalePayment
  /** What the statement says ("Unlocked a post", "Gift: Rose"...). */
  description: string
  meta?: Record<string, unknown>
}

/** Who referred a creator, while the referral still earns (the referrals module answers). */
export type ReferrerOf = (creatorId: number, at: Date, tx: Tx) => Promise<number | null>

/** The statement lines of a sale, stored in the transfer's meta (spec: gross, platform fee, referral, net). */
export interface SaleLines {
  gross_cents: number
  fee_cents: number
  referral_cents: number
  net_cents: number
  coins: number | null
  creator_bps: number
  referrer_id: number | null
  description: string
}

/**
 * Sales (DESIGN §4): a buyer pays a creator with coins or a card; the creator's payout wallet gets their
 * share in US cents, the referrer 5% of it out of the platform's part, and the platform the rest. One
 * place computes the split, so every kind of sale (unlocks, gifts, memberships, paid messages) agrees.
 */
export function createSales(deps: {
  db: Db
  ledger: LedgerService
  referrerOf: ReferrerOf
  now: () => Date
}) {
  const { db, ledger } = deps

  async function shareBps(creatorId: number, conn: Db | Tx): Promise<number> {
    const rows = await executePrepared<{ share_bps: number }>(
      conn,
      'creator_share',
      sql`SELECT share_bps FROM creator_terms WHERE creator_id = ${creatorId}`,
    )
    return rows[0] ? Number(rows[0].share_bps) : Shares.creatorDefaultBps
  }

  async function salePostings(request: SaleRequest, tx: Tx) {
    const grossCents =
      'coins' in request.payment ? coinsToCents(request.payment.coins) : request.payment.cardCents
    const bps = await shareBps(request.creatorId, tx)
    const referrer = await deps.referrerOf(request.creatorId, deps.now(), tx)
    const referrerId = referrer !== null && referrer !== request.creatorId ? referrer : null
    const split = splitSale(grossCents, bps, referrerId !== null)
    const postings: PostingInput[] = []
    if ('coins' in request.payment) {
      postings.push(
        { account: { kind: AccountKind.FanCoins, userId: request.buyerId }, amount: -request.payment.coins },
        { account: { kind: AccountKind.CoinIssuance }, amount: request.payment.coins },
        { account: { kind: AccountKind.CoinReserve }, amount: -grossCents },
      )
    } else {
      postings.push({ account: { kind: AccountKind.PaymentClearing }, amount: -grossCents })
    }
    postings.push({
      account: { kind: AccountKind.CreatorPayout, userId: request.creatorId },
      amount: split.netCents,
    })
    if (referrerId !== null)
      postings.push({
        account: { kind: AccountKind.CreatorPayout, userId: referrerId },
        amount: split.referralCents,
      })
    postings.push({ account: { kind: AccountKind.PlatformRevenue }, amount: split.platformCents })
    const lines: SaleLines = {
      gross_cents: grossCents,
      fee_cents: split.platformCents,
      referral_cents: split.referralCents,
      net_cents: split.netCents,
      coins: 'coins' in request.payment ? request.payment.coins : null,
      creator_bps: bps,
      referrer_id: referrerId,
      description: request.description,
    }
    return { postings: postings.filter((posting) => posting.amount !== 0), lines }
  }

  return {
    /**
     * Records a sale once per key, inside the caller's transaction (with the effect: the unlock row, the
     * membership period...). Throws LedgerRefusal('insufficient_funds') when a coin buyer is short and
     * LedgerRefusal('already_owned') when an unlock of the same item exists.
     */
    async sell(request: SaleRequest, tx: Tx): Promise<TransferResult & { lines: SaleLines }> {
      const { postings, lines } = await salePostings(request, tx)
      const result = await ledger.transfer(
        {
          key: request.key,
          kind: request.kind,
          actorUserId: request.buyerId,
          counterpartyUserId: request.creatorId,
          item: request.item,
          meta: { ...request.meta, ...lines },
          postings,
        },
        tx,
      )
      return { ...result, lines: (result.transfer.meta as unknown as SaleLines) ?? lines }
    },

    /**
     * Reverses a sale once (a chargeback, a refund): the buyer's payment goes back (coins to the fan's
     * wallet, or the card money to the processor); the creator's and the referrer's shares come back from
     * their payout wallets as far as they hold them (the rest is the platform's loss), the platform's fee
     * from its revenue. Answers null when there is no such sale.
     */
    async reverse(
      saleKey: string,
      reversal: { kind: TransferKind; key: string; description: string; meta?: Record<string, unknown> },
      tx: Tx,
    ): Promise<TransferResult | null> {
      const sale = await ledger.transferByKey(saleKey, tx)
      const lines = sale?.meta as unknown as SaleLines | undefined
      if (!sale?.counterpartyUserId || !lines) return null
      const creatorId = sale.counterpartyUserId
      const takeFrom = async (userId: number | null, cents: number) =>
        userId === null || cents <= 0 ? 0 : Math.min(cents, await ledger.earningsCents(userId, tx))
      const takenNet = await takeFrom(creatorId, lines.net_cents)
      const takenReferral = await takeFrom(lines.referrer_id, lines.referral_cents)
      const lossCents = lines.net_cents - takenNet + (lines.referral_cents - takenReferral)
      const paidBack: PostingInput[] =
        lines.coins && sale.actorUserId
          ? [
              { account: { kind: AccountKind.FanCoins, userId: sale.actorUserId }, amount: lines.coins },
              { account: { kind: AccountKind.CoinIssuance }, amount: -lines.coins },
              { account: { kind: AccountKind.CoinReserve }, amount: lines.gross_cents },
            ]
          : [{ account: { kind: AccountKind.PaymentClearing }, amount: lines.gross_cents }]
      const postings: PostingInput[] = [
        ...paidBack,
        { account: { kind: AccountKind.PlatformRevenue }, amount: -lines.fee_cents },
        { account: { kind: AccountKind.CreatorPayout, userId: creatorId }, amount: -takenNet },
        { account: { kind: AccountKind.ChargebackLosses }, amount: -lossCents },
      ]
      if (lines.referrer_id !== null)
        postings.push({
          account: { kind: AccountKind.CreatorPayout, userId: lines.referrer_id },
          amount: -takenReferral,
        })
      return ledger.transfer(
        {
          key: reversal.key,
          kind: reversal.kind,
          actorUserId: sale.actorUserId,
          counterpartyUserId: creatorId,
          item: sale.itemType && sale.itemId ? { type: sale.itemType, id: sale.itemId } : null,
          reversesId: sale.id,
          meta: {
            ...reversal.meta,
            gross_cents: -lines.gross_cents,
            fee_cents: -lines.fee_cents,
            net_cents: -takenNet,
            referral_cents: -takenReferral,
            // The referrer's earnings list sums referral_cents of transfers naming them: the reversal too.
            referrer_id: takenReferral > 0 ? lines.referrer_id : null,
            loss_cents: lossCents,
            ...(lines.coins ? { coins: lines.coins } : {}),
            description: reversal.description,
          },
          postings: postings.filter((posting) => posting.amount !== 0),
        },
        tx,
      )
    },

    /** Sets a creator's share (admin and tests; at most 90%). */
    async setShare(creatorId: number, bps: number): Promise<void> {
      if (bps < 0 || bps > Shares.creatorMaxBps) throw new Error(`share ${bps} bps is out of range`)
      await db
        .insert(creatorTerms)
        .values({ creatorId, shareBps: bps, updatedAt: deps.now() })
        .onConflictDoUpdate({ target: creatorTerms.creatorId, set: { shareBps: bps, updatedAt: deps.now() } })
    },

    /** A creator's share of each sale in basis points. */
    shareBps: (creatorId: number) => shareBps(creatorId, db),
  }
}

export type Sales = ReturnType<typeof createSales>
