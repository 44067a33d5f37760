import { randomBytes } from 'node:crypto'
import { type PaymentWebhookEvent, paymentsWebhook } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import { behaviourOf, brandOf, isExpired } from './cards.ts'
import type { PaymentProvider, ProviderCharge, SetupState } from './provider.ts'
import type { SandboxCardRecord, SandboxChargeRecord, SandboxPaymentsStore } from './sandbox-store.ts'
import { PAYMENTS_SIGNATURE_HEADER, signPaymentsWebhook, verifyPaymentsEvent } from './signature.ts'

export type {
  SandboxCardRecord,
  SandboxChargeRecord,
  SandboxPaymentsStore,
  SandboxSetupRecord,
} from './sandbox-store.ts'

export const SANDBOX_PAYMENTS_PREFIX = '/sandbox/payments/'
const SETUP_ID = /^seti_[A-Za-z0-9_-]{24}$/
const CHARGE_ID = /^ch_[A-Za-z0-9_-]{24}$/

export interface SandboxPaymentsDeps {
  store: SandboxPaymentsStore
  secret: string
  publicUrl: string
  clock: { now(): Date }
  /** Wait before posting a webhook; -1: never on its own (tests deliver `sent` events by hand). */
  delayMs: number
  retryDelaysMs?: readonly number[]
  ttlMs?: number
  log: FastifyBaseLogger
}

export type SandboxPageState = 'open' | 'expired' | 'done' | 'missing'

/** What the hosted card form hands the sandbox: the number stays inside this call. */
export interface SandboxCardEntry {
  digits: string
  expMonth: number
  expYear: number
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`

/** A hosted page on the origin the flow returns to (the app's, so the person stays on the host they use). */
const hostedUrl = (path: string, returnUrl: string) => new URL(path, returnUrl).toString()

function answerOf(charge: SandboxChargeRecord): ProviderCharge {
  switch (charge.status) {
    case 'succeeded':
      return { chargeId: charge.id, status: 'succeeded' }
    case 'disputed':
      return { chargeId: charge.id, status: 'disputed' }
    case 'requires_action':
      return {
        chargeId: charge.id,
        status: 'requires_action',
        actionUrl: hostedUrl(`${SANDBOX_PAYMENTS_PREFIX}3ds/${charge.id}`, charge.returnUrl),
      }
    default:
      return { chargeId: charge.id, status: 'failed', declineCode: charge.declineCode ?? 'card_declined' }
  }
}

/**
 * The built-in sandbox card provider. It plays the processor's side inside our server: a hosted card form
 * and a hosted 3DS page (sandbox-routes.ts), Stripe's test cards, charges idempotent by key, and signed
 * webhooks (setup.succeeded, payment.succeeded / failed, charge.disputed) posted after a delay and retried.
 */
export function createSandboxPayments(deps: SandboxPaymentsDeps) {
  const { store, secret, publicUrl, clock, log } = deps
  const retryDelaysMs = deps.retryDelaysMs ?? [1_000, 5_000, 30_000]
  const ttlMs = deps.ttlMs ?? 3_600_000
  const webhookUrl = `${publicUrl}${paymentsWebhook.path}`
  const timers = new Set<NodeJS.Timeout>()
  const closing = new AbortController()
  /** Every event this process emitted, newest last (tests deliver them by hand when delayMs is -1). */
  const sent: PaymentWebhookEvent[] = []

  /** Signs an event body like the provider does (tests use it to forge duplicates and bad signatures). */
  function sign(body: string, at = clock.now()) {
    return { [PAYMENTS_SIGNATURE_HEADER]: signPaymentsWebhook(secret, body, seconds(at)) }
  }

  async function deliver(event: PaymentWebhookEvent): Promise<boolean> {
    const body = JSON.stringify(event)
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sign(body) },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
      })
      await response.body?.cancel()
      if (response.ok) return true
      log.warn({ event: event.id, status: response.status }, 'sandbox payments webhook refused')
    } catch (err) {
      if (!closing.signal.aborted) log.warn({ err, event: event.id }, 'sandbox payments webhook failed')
    }
    return false
  }

  function schedule(event: PaymentWebhookEvent, attempt = 0) {
    if (deps.delayMs < 0 || closing.signal.aborted) return
    const wait = attempt === 0 ? deps.delayMs : (retryDelaysMs[attempt - 1] ?? 0)
    const timer = setTimeout(async () => {
      timers.delete(timer)
      if (await deliver(event)) return
      if (attempt < retryDelaysMs.length && !closing.signal.aborted) schedule(event, attempt + 1)
      else if (!closing.signal.aborted) log.error({ event: event.id }, 'sandbox payments webhook undelivered')
    }, wait)
    timers.add(timer)
  }

  function emit(type: PaymentWebhookEvent['type'], data: PaymentWebhookEvent['data']) {
    const event: PaymentWebhookEvent = { id: token('evt'), type, created: seconds(clock.now()), data }
    sent.push(event)
    if (sent.length > 5_000) sent.shift()
    schedule(event)
    return event
  }

  function emitCharge(charge: SandboxChargeRecord) {
    const type =
      charge.status === 'succeeded'
        ? 'payment.succeeded'
        : charge.status === 'disputed'
          ? 'charge.disputed'
          : 'payment.failed'
    return emit(type, {
      charge_id: charge.id,
      reference: charge.reference,
      amount_cents: charge.amountCents,
      decline_code: charge.status === 'failed' ? charge.declineCode : null,
    })
  }

  const provider: PaymentProvider = {
    name: 'sandbox',

    async createSetupSession({ reference, returnUrl }) {
      const id = token('seti')
      const now = clock.now()
      await store.createSetup({
        id,
        reference,
        returnUrl,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      })
      return { sessionId: id, url: hostedUrl(`${SANDBOX_PAYMENTS_PREFIX}setup/${id}`, returnUrl) }
    },

    async fetchSetupSession(sessionId): Promise<SetupState> {
      const record = SETUP_ID.test(sessionId) ? await store.getSetup(sessionId) : undefined
      if (!record) return { status: 'unknown' }
      if (record.status === 'completed' && record.cardToken)
        return { status: 'completed', reference: record.reference, cardToken: record.cardToken }
      return record.expiresAt <= clock.now() ? { status: 'expired' } : { status: 'open' }
    },

    async cardDetails(cardToken) {
      const card = await store.getCard(cardToken)
      return card
        ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
        : null
    },

    async charge(request) {
      const card = await store.getCard(request.token)
      const now = clock.now()
      let status = 'succeeded'
      let declineCode: string | null = null
      if (!card) [status, declineCode] = ['failed', 'card_declined']
      else if (isExpired(card, now) || card.behaviour === 'expired_card')
        [status, declineCode] = ['failed', 'expired_card']
      else if (card.behaviour === 'insufficient_funds')
        [status, declineCode] = ['failed', 'insufficient_funds']
      else if (card.behaviour === '3ds' || card.behaviour === '3ds_decline') {
        if (request.offSession) [status, declineCode] = ['failed', 'authentication_required']
        else status = 'requires_action'
      }
      const fresh: SandboxChargeRecord = {
        id: token('ch'),
        idempotencyKey: request.idempotencyKey,
        cardToken: request.token,
        amountCents: request.amountCents,
        reference: request.reference,
        returnUrl: request.returnUrl,
        status,
        declineCode,
        createdAt: now,
      }
      const stored = await store.insertCharge(fresh)
      if (stored.id === fresh.id && stored.status !== 'requires_action') emitCharge(stored)
      return answerOf(stored)
    },

    async fetchCharge(chargeId) {
      const charge = CHARGE_ID.test(chargeId) ? await store.getCharge(chargeId) : undefined
      return charge ? answerOf(charge) : null
    },

    async findCharge(idempotencyKey) {
      const charge = await store.getChargeByKey(idempotencyKey)
      return charge ? answerOf(charge) : null
    },

    verifyWebhook(rawBody, header, now) {
      return verifyPaymentsEvent(secret, rawBody, header, now)
    },
  }

  return {
    provider,
    sent,
    sign,

    async setupPageState(id: string): Promise<SandboxPageState> {
      const record = SETUP_ID.test(id) ? await store.getSetup(id) : undefined
      if (!record) return 'missing'
      if (record.status !== 'open') return 'done'
      return record.expiresAt <= clock.now() ? 'expired' : 'open'
    },

    /** Tokenises the card of a hosted form; answers where to send the browser, or what stopped it. */
    async completeSetup(
      id: string,
      entry: SandboxCardEntry,
    ): Promise<{ returnUrl: string } | { state: Exclude<SandboxPageState, 'open'> }> {
      const record = SETUP_ID.test(id) ? await store.getSetup(id) : undefined
      if (!record) return { state: 'missing' }
      const card: SandboxCardRecord = {
        token: token('card'),
        brand: brandOf(entry.digits),
        last4: entry.digits.slice(-4),
        expMonth: entry.expMonth,
        expYear: entry.expYear,
        behaviour: behaviourOf(entry.digits),
      }
      const now = clock.now()
      if (!(await store.completeSetup(id, card, now))) {
        return { state: record.expiresAt <= now ? 'expired' : 'done' }
      }
      emit('setup.succeeded', { session_id: id, card_token: card.token, reference: record.reference })
      const back = new URL(record.returnUrl)
      back.searchParams.set('setup_session_id', id)
      return { returnUrl: back.toString() }
    },

    async challengeState(chargeId: string): Promise<{ state: SandboxPageState; amountCents?: number }> {
      const charge = CHARGE_ID.test(chargeId) ? await store.getCharge(chargeId) : undefined
      if (!charge) return { state: 'missing' }
      if (charge.status !== 'requires_action') return { state: 'done' }
      return { state: 'open', amountCents: charge.amountCents }
    },

    /** The hosted 3DS page's answer: complete (then the card's own outcome) or fail the authentication. */
    async authenticate(
      chargeId: string,
      passed: boolean,
    ): Promise<{ returnUrl: string } | { state: Exclude<SandboxPageState, 'open'> }> {
      const charge = CHARGE_ID.test(chargeId) ? await store.getCharge(chargeId) : undefined
      if (!charge) return { state: 'missing' }
      const card = await store.getCard(charge.cardToken)
      const to = !passed
        ? { status: 'failed', declineCode: 'authentication_failed' }
        : card?.behaviour === '3ds_decline'
          ? { status: 'failed', declineCode: 'card_declined' }
          : { status: 'succeeded', declineCode: null }
      if (!(await store.moveCharge(chargeId, 'requires_action', to))) return { state: 'done' }
      emitCharge({ ...charge, ...to })
      return { returnUrl: charge.returnUrl }
    },

    /** The card holder disputes a succeeded charge (sandbox control: tests and demos). */
    async dispute(chargeId: string): Promise<boolean> {
      const charge = await store.getCharge(chargeId)
      if (
        !charge ||
        !(await store.moveCharge(chargeId, 'succeeded', { status: 'disputed', declineCode: null }))
      )
        return false
      emitCharge({ ...charge, status: 'disputed' })
      return true
    },

    /** Stops pending deliveries (the app is closing). */
    close() {
      closing.abort()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type SandboxPayments = ReturnType<typeof createSandboxPayments>
