import {
  clearsAt,
  type PayoutMethodKind as Kind,
  PayoutRules,
  PayoutStatus,
  payoutFeeCents,
  UserRole,
} from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import { defineJob, type JobSender } from '../../platform/jobs.ts'
import type { PayoutProvider } from '../../platform/payouts/provider.ts'
import { AccountKind, TransferKind } from '../ledger/accounts.ts'
import { LedgerRefusal, type LedgerService } from '../ledger/service.ts'
import { Notices } from '../notifications/payloads.ts'
import type { NotificationService } from '../notifications/service.ts'
import { decodeIdCursor } from '../social/cursor.ts'
import { assertCreator, createPayoutMethods } from './methods.ts'
import { presentMethod, presentPayout } from './presenters.ts'
import type { PayoutRow, PayoutsRepo } from './repo.ts'

/** One queue: a job per step of a withdrawal (its id), plus a sweep (no id) each minute for lost steps. */
export const payoutJob = defineJob({
  name: 'payout-advance',
  payload: z.object({ payout_id: z.number().int().positive().optional() }),
  cron: '* * * * *',
})

const DAY_MS = 86_400_000

export interface PayoutsServiceDeps {
  repo: PayoutsRepo
  ledger: Pick<LedgerService, 'transfer' | 'earningsCents' | 'idempotent'>
  provider: PayoutProvider
  jobs: JobSender
  notifications: Pick<NotificationService, 'publish'>
  clock: Clock
  /** Keys the tax-id hash (it is never stored in full). */
  secret: string
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
  /** The provider's clock (real time): when to look at a processing payout again. */
  wallNow?: () => number
}

/**
 * Withdrawals (spec §9): a request moves the amount out of the creator's payout wallet into payout clearing
 * (and the fee to payout fees) at once; a job sends it to the provider (processing) and settles it: paid
 * (clearing → settled) or failed (the request is reversed and payouts pause for a week). Methods and tax
 * settings are methods.ts's, answered by this service too.
 */
export function createPayoutsService(deps: PayoutsServiceDeps) {
  const { repo, ledger, provider, jobs, notifications, clock, log } = deps
  const wallNow = deps.wallNow ?? Date.now
  const methods = createPayoutMethods(deps)

  async function suspendedUntil(userId: number, tx?: Tx): Promise<Date | null> {
    const failedAt = await repo.lastFailedAt(userId, tx)
    if (!failedAt) return null
    const until = new Date(failedAt.getTime() + PayoutRules.suspendAfterFailureDays * DAY_MS)
    return until > clock.now() ? until : null
  }

  /**
   * What the creator may withdraw now: the payout wallet less what is still clearing (sales of the last
   * PayoutRules.clearingDays days) or held for a reply (a paid message's share, own or as the referrer; a
   * share held is a recent sale too, so the larger of the two is what stays).
   */
  async function balances(userId: number, tx?: Tx) {
    const since = new Date(clock.now().getTime() - PayoutRules.clearingDays * DAY_MS)
    // One after another: inside a transaction they share one connection.
    const wallet = await ledger.earningsCents(userId, tx)
    const clearing = await repo.clearing(userId, since, tx)
    const held = await repo.heldCents(userId, tx)
    const pendingCents = Math.min(wallet, Math.max(clearing.cents, held.ownCents + held.referralCents))
    return {
      wallet,
      held,
      clearingCents: pendingCents,
      availableCents: Math.max(0, wallet - pendingCents),
      nextClearAt: pendingCents > 0 && clearing.oldestAt ? clearsAt(clearing.oldestAt) : null,
    }
  }

  async function notify(row: PayoutRow) {
    const paid = row.status === PayoutStatus.Paid
    try {
      await notifications.publish(
        row.userId,
        Notices.payout({ payoutId: row.id, paid, netCents: row.netCents }),
      )
    } catch (err) {
      log.warn({ err, payout: row.id }, 'payout notification failed')
    }
  }

  /**
   * Gives a withdrawal's money back (a failed payout): the exact reverse of its request transfer. Under the
   * creator's withdrawal lock, so a request either finishes before the failure or sees the pause it starts
   * (never reads "not paused" and then debits the money given back).
   */
  async function fail(row: PayoutRow, reason: string): Promise<PayoutRow | null> {
    const failed = await repo.transaction(async (tx) => {
      await repo.lockWithdrawals(tx, row.userId)
      const marked = await repo.markFailed(tx, row.id, reason, clock.now())
      if (!marked) return null
      await ledger.transfer(
        {
          key: `payout-failed:${row.id}`,
          kind: TransferKind.PayoutFailed,
          actorUserId: row.userId,
          item: { type: 'payout', id: String(row.id) },
          reversesId: row.requestTransferId,
          meta: {
            amount_cents: row.amountCents,
            fee_cents: row.feeCents,
            net_cents: row.netCents,
            description: 'Withdrawal failed',
          },
          postings: [
            { account: { kind: AccountKind.CreatorPayout, userId: row.userId }, amount: row.amountCents },
            { account: { kind: AccountKind.PayoutClearing }, amount: -row.netCents },
            ...(row.feeCents > 0
              ? [{ account: { kind: AccountKind.PayoutFees } as const, amount: -row.feeCents }]
              : []),
          ],
        },
        tx,
      )
      return marked
    })
    if (failed) {
      log.info({ payout: row.id, reason }, 'payout failed')
      await notify(failed)
    }
    return failed
  }

  async function markPaid(row: PayoutRow): Promise<PayoutRow | null> {
    const paid = await repo.transaction(async (tx) => {
      const marked = await repo.markPaid(tx, row.id, clock.now())
      if (!marked) return null
      await ledger.transfer(
        {
          key: `payout-paid:${row.id}`,
          kind: TransferKind.PayoutPaid,
          actorUserId: row.userId,
          item: { type: 'payout', id: String(row.id) },
          meta: {
            amount_cents: row.amountCents,
            fee_cents: row.feeCents,
            net_cents: row.netCents,
            method_kind: row.methodKind,
            description: 'Withdrawal sent',
          },
          postings: [
            { account: { kind: AccountKind.PayoutClearing }, amount: -row.netCents },
            { account: { kind: AccountKind.PayoutSettled }, amount: row.netCents },
          ],
        },
        tx,
      )
      return marked
    })
    if (paid) {
      log.info({ payout: row.id }, 'payout paid')
      await notify(paid)
    }
    return paid
  }

  async function again(payoutId: number) {
    await jobs.send(
      payoutJob,
      { payout_id: payoutId },
      { startAfter: new Date(wallNow() + provider.pollAfterMs) },
    )
  }

  return {
    async overview(viewer: Viewer) {
      const [money, pending, tax, methods, until] = await Promise.all([
        balances(viewer.userId),
        repo.pendingCents(viewer.userId),
        repo.tax(viewer.userId),
        repo.methods(viewer.userId),
        suspendedUntil(viewer.userId),
      ])
      const first = methods[0]
      return {
        is_creator: viewer.userRole === UserRole.Creator,
        available_cents: money.availableCents,
        clearing_cents: money.clearingCents,
        clearing_days: PayoutRules.clearingDays,
        next_clear_at: money.nextClearAt ? Math.floor(money.nextClearAt.getTime() / 1000) : null,
        pending_cents: pending,
        held_cents: money.held.ownCents,
        referral_held_cents: money.held.referralCents,
        minimum_cents: PayoutRules.minimumCents,
        is_us: tax ? tax.form === 'w9' : true,
        has_tax: tax !== null,
        default_method: first?.isDefault ? presentMethod(first) : null,
        processing_days: PayoutRules.processingBusinessDays,
        arrival_days: PayoutRules.arrivalBusinessDays,
        suspended_until: until ? Math.floor(until.getTime() / 1000) : null,
      }
    },

    ...methods,

    /**
     * Requests a withdrawal once per Idempotency-Key: the money leaves the payout wallet and the job is queued
     * in the same transaction as the stored answer. Refused under the minimum, over the balance, over what has
     * cleared (recent sales, shares held for a reply), without tax settings or a method, while paused, and
     * for non-creators.
     */
    async request(
      viewer: Viewer,
      key: string,
      input: { amount_cents: number; method_id: number },
      scope: string,
    ) {
      assertCreator(viewer)
      await jobs.prepare(payoutJob)
      return ledger.idempotent({ userId: viewer.userId, key, scope, params: input }, async (tx) => {
        if (input.amount_cents < PayoutRules.minimumCents) throw new AppError('PayoutBelowMinimum')
        // One request of the creator at a time: two at once could each fit beside what paid messages hold
        // and together take some of it (the ledger only keeps the wallet from going negative).
        await repo.lockWithdrawals(tx, viewer.userId)
        const tax = await repo.tax(viewer.userId, tx)
        if (!tax) throw new AppError('PayoutTaxMissing')
        const method = await repo.method(viewer.userId, input.method_id, tx)
        if (!method) {
          const any = (await repo.methods(viewer.userId, tx)).length > 0
          throw new AppError(any ? 'PayoutMethodNotFound' : 'PayoutMethodMissing')
        }
        if (await suspendedUntil(viewer.userId, tx)) throw new AppError('PayoutsSuspended')
        // Beyond the wallet: over the balance. Within it but beyond what has cleared (recent sales, shares
        // held for a reply): not cleared yet. The ledger itself also refuses beyond the wallet.
        const money = await balances(viewer.userId, tx)
        if (input.amount_cents > money.wallet) throw new AppError('PayoutOverBalance')
        if (input.amount_cents > money.availableCents) throw new AppError('PayoutNotCleared')
        const fee = payoutFeeCents(method.kind as Kind, input.amount_cents, tax.form === 'w9')
        const net = input.amount_cents - fee
        const now = clock.now()
        let transferId: number
        try {
          const { transfer } = await ledger.transfer(
            {
              key: `payout-request:${viewer.userId}:${key}`,
              kind: TransferKind.PayoutRequest,
              actorUserId: viewer.userId,
              meta: {
                amount_cents: input.amount_cents,
                fee_cents: fee,
                net_cents: net,
                method_kind: method.kind,
                description: 'Withdrawal',
              },
              postings: [
                {
                  account: { kind: AccountKind.CreatorPayout, userId: viewer.userId },
                  amount: -input.amount_cents,
                },
                { account: { kind: AccountKind.PayoutClearing }, amount: net },
                ...(fee > 0 ? [{ account: { kind: AccountKind.PayoutFees } as const, amount: fee }] : []),
              ],
            },
            tx,
          )
          transferId = transfer.id
        } catch (error) {
          if (error instanceof LedgerRefusal && error.reason === 'insufficient_funds')
            throw new AppError('PayoutOverBalance')
          throw error
        }
        const row = await repo.insertPayout(tx, {
          userId: viewer.userId,
          methodId: method.id,
          methodKind: method.kind,
          methodDetail: method.detail,
          amountCents: input.amount_cents,
          feeCents: fee,
          netCents: net,
          status: PayoutStatus.Requested,
          requestTransferId: transferId,
          createdAt: now,
        })
        await jobs.send(payoutJob, { payout_id: row.id }, { tx })
        return presentPayout(row)
      })
    },

    async list(viewer: Viewer, cursor: string | undefined, limit: number) {
      const before = decodeIdCursor(cursor)
      const rows = await repo.payoutsOf(viewer.userId, before, limit + 1)
      const page = rows.slice(0, limit)
      const hasNext = rows.length > limit
      return {
        list: page.map(presentPayout),
        cursor: hasNext ? String(page[page.length - 1]?.id) : null,
        has_next: hasNext,
      }
    },

    async detail(viewer: Viewer, payoutId: number) {
      const row = await repo.payout(payoutId)
      if (!row || row.userId !== viewer.userId) throw new AppError('PayoutNotFound')
      return presentPayout(row)
    },

    /**
     * Moves one withdrawal a step (the job): requested → sent to the provider (processing); processing →
     * paid or failed once the provider says so, else looked at again later. Safe to run twice at once.
     */
    async advance(payoutId: number): Promise<PayoutRow | null> {
      let row = await repo.payout(payoutId)
      if (!row) return null
      if (row.status === PayoutStatus.Requested) {
        // A method removed after the request is still where the money was asked to go.
        const token = await repo.methodToken(row.methodId)
        if (!token) return fail(row, 'The payout method is no longer available.')
        try {
          const sent = await provider.send({
            reference: `payout-${row.id}`,
            recipientToken: token,
            netCents: row.netCents,
          })
          row = (await repo.markProcessing(row.id, sent.providerRef, clock.now())) ?? row
        } catch (err) {
          log.warn({ err, payout: row.id }, 'payout provider send failed')
          return fail(row, 'The payout provider refused the payment.')
        }
        if (row.status === PayoutStatus.Processing) await again(row.id)
        return row
      }
      if (row.status === PayoutStatus.Processing && row.providerRef) {
        const state = await provider.status(row.providerRef)
        if (state.status === 'processing') {
          await again(row.id)
          return row
        }
        return state.status === 'paid' ? markPaid(row) : fail(row, state.reason)
      }
      return row
    },

    /** Picks up withdrawals whose job was lost (a crash between steps). */
    async sweep(): Promise<number> {
      const ids = await repo.openPayoutIds(new Date(clock.now().getTime() - 60_000))
      for (const id of ids) await this.advance(id)
      return ids.length
    },
  }
}

export type PayoutsService = ReturnType<typeof createPayoutsService>
