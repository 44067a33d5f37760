import { declineText, PAYMENT_NOT_SENT, type PaymentWebhookEvent } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { isExpired } from '../../platform/payments/cards.ts'
import type { PaymentProvider, ProviderCharge } from '../../platform/payments/provider.ts'
import { type CardRow, type PaymentRow, PaymentState, type PaymentsRepo } from './repo.ts'
import type {
  ChargeOutcome,
  ChargeRequest,
  PaymentPurposeHandler,
  PaymentRecord,
  PaymentsApi,
} from './types.ts'

export interface PaymentsServiceDeps {
  repo: PaymentsRepo
  provider: PaymentProvider
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
}

const recordOf = (row: PaymentRow): PaymentRecord => ({
  id: row.id,
  userId: row.userId,
  amountCents: row.amountCents,
  purpose: row.purpose,
  reference: row.reference,
  cardId: row.cardId,
})

/** The provider's idempotency key of a payment's charge: the same payment never charges twice. */
const providerKeyOf = (paymentId: number) => `payment-${paymentId}`

/**
 * Expired by reconciliation because the provider had no charge for it: our guess, not the provider's answer,
 * so a charge that shows up after all (a call that was still on its way) completes it.
 */
const expiredUnsent = (row: PaymentRow) =>
  row.status === PaymentState.Failed && row.declineCode === PAYMENT_NOT_SENT && row.providerRef === null

/** How a payment row answers a charge right now. */
export function chargeOutcomeOf(row: PaymentRow): ChargeOutcome {
  if (row.status === PaymentState.Succeeded || row.status === PaymentState.ChargedBack)
    return { status: 'succeeded', paymentId: row.id }
  if (row.status === PaymentState.Failed)
    return {
      status: 'failed',
      paymentId: row.id,
      code: row.declineCode ?? 'card_declined',
      message: declineText(row.declineCode),
    }
  return { status: 'requires_action', paymentId: row.id, actionUrl: row.actionUrl ?? '' }
}

/**
 * Card payments: saved cards, charges through the provider, and the one place a payment moves.
 * A payment's state only moves forward, under a row lock, and its purpose's effect runs in the transaction
 * that makes the move: a success that arrives in the answer, by webhook, both, twice or out of order has
 * its effect once.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, provider, clock, log } = deps
  const handlers = new Map<string, PaymentPurposeHandler>()

  function handlerOf(purpose: string): PaymentPurposeHandler {
    const handler = handlers.get(purpose)
    if (!handler) throw new Error(`no payment handler for purpose '${purpose}'`)
    return handler
  }

  /** Moves a locked payment toward the provider's answer; never backwards. Runs the effects of the move. */
  async function move(tx: Tx, row: PaymentRow, to: ProviderCharge): Promise<PaymentRow> {
    const at = clock.now()
    const open = row.status === PaymentState.Pending || row.status === PaymentState.RequiresAction
    const ref = row.providerRef ?? to.chargeId
    // The provider charged a payment we had expired as never sent: the charge stands, so the payment does.
    const chargedAfterAll = expiredUnsent(row) && (to.status === 'succeeded' || to.status === 'disputed')
    if (chargedAfterAll)
      log.warn({ payment: row.id }, 'a payment expired as never sent was charged after all: completing it')
    switch (to.status) {
      case 'requires_action':
        if (row.status !== PaymentState.Pending) return row
        return repo.updatePayment(
          tx,
          row.id,
          { status: PaymentState.RequiresAction, providerRef: ref, actionUrl: to.actionUrl },
          at,
        )
      case 'succeeded': {
        if (!open && !chargedAfterAll) return row
        const moved = await repo.updatePayment(
          tx,
          row.id,
          {
            status: PaymentState.Succeeded,
            providerRef: ref,
            ...(chargedAfterAll ? { declineCode: null } : {}),
          },
          at,
        )
        await handlerOf(row.purpose).succeeded(tx, recordOf(moved))
        return moved
      }
      case 'failed': {
        if (!open) return row
        const moved = await repo.updatePayment(
          tx,
          row.id,
          { status: PaymentState.Failed, providerRef: ref, declineCode: to.declineCode },
          at,
        )
        await handlerOf(row.purpose).failed?.(tx, recordOf(moved), to.declineCode)
        return moved
      }
      case 'disputed': {
        // A dispute proves the charge succeeded: a success not seen yet (events out of order) applies first.
        const settled =
          open || chargedAfterAll ? await move(tx, row, { chargeId: to.chargeId, status: 'succeeded' }) : row
        if (settled.status !== PaymentState.Succeeded) return settled
        const moved = await repo.updatePayment(tx, row.id, { status: PaymentState.ChargedBack }, at)
        await handlerOf(row.purpose).chargedBack?.(tx, recordOf(moved))
        await repo.flag(tx, row.userId, row.id, 'chargeback', at)
        log.warn(
          { payment: row.id, user: row.userId },
          'chargeback: payment reversed, card payments turned off',
        )
        return moved
      }
    }
  }

  /** Applies a provider answer to a payment in its own transaction. */
  async function settle(paymentId: number, to: ProviderCharge): Promise<PaymentRow> {
    return repo.db.transaction(async (tx) => {
      const row = await repo.lockPayment(tx, paymentId)
      if (!row) throw new Error(`payment ${paymentId} is missing`)
      return move(tx, row, to)
    })
  }

  /**
   * A payment whose charge never reached the provider ends as failed with our own code (nothing was
   * charged), its purpose told as of any decline; unless it moved meanwhile.
   */
  async function expireUnsent(paymentId: number): Promise<PaymentRow> {
    return repo.db.transaction(async (tx) => {
      const row = await repo.lockPayment(tx, paymentId)
      if (!row) throw new Error(`payment ${paymentId} is missing`)
      if (row.status !== PaymentState.Pending || row.providerRef !== null) return row
      const moved = await repo.updatePayment(
        tx,
        row.id,
        { status: PaymentState.Failed, declineCode: PAYMENT_NOT_SENT },
        clock.now(),
      )
      await handlerOf(row.purpose).failed?.(tx, recordOf(moved), PAYMENT_NOT_SENT)
      return moved
    })
  }

  async function cardFor(userId: number, cardId: number | null): Promise<CardRow> {
    if (cardId !== null) {
      const card = await repo.cardOf(userId, cardId)
      if (!card) throw new AppError('CardNotFound')
      return card
    }
    const card = await repo.defaultCard(userId)
    if (!card) throw new AppError('NoUsableCard')
    return card
  }

  function returnUrlOf(returnPath: string, paymentId: number, origin = deps.publicUrl): string {
    const url = new URL(returnPath, origin)
    url.searchParams.set('payment_id', String(paymentId))
    return url.toString()
  }

  const api: PaymentsApi = {
    registerPurpose(purpose, handler) {
      handlers.set(purpose, handler)
    },

    hasOpenPayment(userId, purpose, match, since, tx) {
      return repo.hasOpenPayment(userId, purpose, match, since, tx)
    },

    async hasUsableCard(userId, at) {
      if (await repo.isFlagged(userId)) return false
      return (await repo.cardsOf(userId)).some((card) => !isExpired(card, at))
    },

    /**
     * Charges a saved card once per `key`. Runs its own transactions: never call it inside one. A replay
     * answers the payment's current state (asking the provider again only while the first call never got
     * an answer, with the same provider key, so it cannot charge twice).
     */
    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      handlerOf(request.purpose)
      if (await repo.isFlagged(request.userId)) throw new AppError('PaymentsBlocked')
      const card = await cardFor(request.userId, request.cardId)
      const { row, created } = await repo.insertPayment({
        userId: request.userId,
        cardId: card.id,
        amountCents: request.amountCents,
        purpose: request.purpose,
        reference: request.reference,
        key: request.key,
        provider: provider.name,
      })
      if (
        !created &&
        (row.userId !== request.userId ||
          row.amountCents !== request.amountCents ||
          row.purpose !== request.purpose)
      )
        throw new AppError('IdempotencyKeyReused')
      if (row.status !== PaymentState.Pending) return chargeOutcomeOf(row)
      // A replay after a lost answer charges the card the payment was made with, by the same provider key.
      const chargeCard =
        row.cardId === card.id ? card : ((await repo.cardOf(request.userId, row.cardId ?? 0)) ?? card)
      let answer: ProviderCharge
      try {
        answer = await provider.charge({
          token: chargeCard.token,
          amountCents: row.amountCents,
          idempotencyKey: providerKeyOf(row.id),
          reference: String(row.id),
          description: request.description,
          offSession: request.offSession ?? false,
          returnUrl: returnUrlOf(request.returnPath, row.id, request.origin),
        })
      } catch (error) {
        log.error({ err: error, payment: row.id }, 'card provider did not answer')
        throw new AppError('PaymentProviderUnavailable')
      }
      return chargeOutcomeOf(await settle(row.id, answer))
    },
  }

  return {
    ...api,

    /** A payment of `userId`; while it waits on 3DS, the provider is asked (a late webhook changes nothing). */
    async paymentOf(userId: number, paymentId: number): Promise<PaymentRow> {
      const row = await repo.paymentById(paymentId)
      if (!row || row.userId !== userId) throw new AppError('PaymentNotFound')
      if (row.status !== PaymentState.RequiresAction || !row.providerRef) return row
      const state = await provider.fetchCharge(row.providerRef)
      if (!state || state.status === 'requires_action') return row
      return settle(row.id, state)
    },

    /**
     * The reconciliation sweep: payments that have waited on the provider for `olderThanMs` (a webhook
     * lost, a tab closed on the 3DS page) are asked about and settled as the provider says; one that still
     * waits on 3DS stays open. A payment whose charge call never answered (the process stopped between
     * saving it and calling the provider) is looked up by its provider key: finished as the provider has it,
     * or, when the provider never received it, expired (failed, nothing charged). Answers how many changed.
     * A settled payment is final, so running this beside a late webhook changes nothing twice.
     */
    async reconcile(olderThanMs: number, limit = 100): Promise<number> {
      const before = new Date(clock.now().getTime() - olderThanMs)
      const [open, unsent] = await Promise.all([
        repo.openPaymentsBefore(before, limit),
        repo.unsentPaymentsBefore(provider.name, before, limit),
      ])
      let changed = 0
      for (const row of [...open, ...unsent]) {
        try {
          let after: PaymentRow
          if (row.providerRef) {
            const state = await provider.fetchCharge(row.providerRef)
            if (!state || state.status === 'requires_action') continue
            after = await settle(row.id, state)
          } else {
            const state = await provider.findCharge(providerKeyOf(row.id))
            after = state ? await settle(row.id, state) : await expireUnsent(row.id)
          }
          if (after.status !== row.status) changed++
        } catch (error) {
          log.error({ err: error, payment: row.id }, 'payment reconciliation failed; the next sweep retries')
        }
      }
      if (changed > 0) log.info({ changed, asked: open.length + unsent.length }, 'payments reconciled')
      return changed
    },

    /** One verified provider event, applied once by event id in the transaction of its effect. */
    async handleEvent(event: PaymentWebhookEvent): Promise<void> {
      const at = clock.now()
      if (event.type === 'setup.succeeded') {
        const token = event.data.card_token
        const details = token ? await provider.cardDetails(token) : null
        const userId = Number(event.data.reference)
        if (!token || !details || !Number.isSafeInteger(userId)) {
          log.warn({ event: event.id }, 'payments webhook: setup without a known card')
          return
        }
        await repo.db.transaction(async (tx) => {
          if (!(await repo.recordEvent(tx, event.id, event.type, at))) return
          await repo.saveCard(tx, { userId, provider: provider.name, token, ...details })
        })
        return
      }
      const paymentId = Number(event.data.reference)
      const chargeId = event.data.charge_id ?? ''
      const to: ProviderCharge =
        event.type === 'payment.succeeded'
          ? { chargeId, status: 'succeeded' }
          : event.type === 'payment.failed'
            ? { chargeId, status: 'failed', declineCode: event.data.decline_code ?? 'card_declined' }
            : { chargeId, status: 'disputed' }
      await repo.db.transaction(async (tx) => {
        if (!(await repo.recordEvent(tx, event.id, event.type, at))) return
        const row = Number.isSafeInteger(paymentId) ? await repo.lockPayment(tx, paymentId) : null
        if (!row || (event.data.amount_cents != null && event.data.amount_cents !== row.amountCents)) {
          log.error({ event: event.id, payment: paymentId }, 'payments webhook for an unknown payment')
          return
        }
        await move(tx, row, to)
      })
    },

    /** Saves the card of a finished hosted form (the webhook may have done it already). */
    async finishSetup(userId: number, sessionId: string): Promise<CardRow> {
      const state = await provider.fetchSetupSession(sessionId)
      if (state.status !== 'completed' || state.reference !== String(userId))
        throw new AppError('CardSaveFailed')
      const details = await provider.cardDetails(state.cardToken)
      if (!details) throw new AppError('CardSaveFailed')
      return repo.db.transaction((tx) =>
        repo.saveCard(tx, { userId, provider: provider.name, token: state.cardToken, ...details }),
      )
    },

    async startSetup(userId: number, returnPath: string, origin = deps.publicUrl) {
      if (await repo.isFlagged(userId)) throw new AppError('PaymentsBlocked')
      return provider.createSetupSession({
        reference: String(userId),
        returnUrl: new URL(returnPath, origin).toString(),
      })
    },

    cards: (userId: number) => repo.cardsOf(userId),

    async setDefault(userId: number, cardId: number) {
      if (!(await repo.setDefault(userId, cardId))) throw new AppError('CardNotFound')
    },

    async remove(userId: number, cardId: number) {
      if (!(await repo.removeCard(userId, cardId, clock.now()))) throw new AppError('CardNotFound')
    },
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
