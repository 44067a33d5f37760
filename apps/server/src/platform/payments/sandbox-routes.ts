import type { FastifyInstance, FastifyReply } from 'fastify'
import { isExpired, luhnValid, parseExpiry } from './cards.ts'
import { SANDBOX_PAYMENTS_PREFIX, type SandboxPageState, type SandboxPayments } from './sandbox.ts'
import { type CardFormErrors, renderCardForm, renderChallenge, renderPaymentsState } from './sandbox-page.ts'

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body)
}

const stateStatus = (state: Exclude<SandboxPageState, 'open'>) => (state === 'missing' ? 404 : 410)

function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

/**
 * The sandbox provider's hosted pages, server-rendered without any script: the card form
 * (`setup/:id`) and the 3DS challenge (`3ds/:id`). Forms post URL-encoded bodies to this scope only, so
 * the card number reaches the sandbox and nothing else (no log line carries a body).
 */
export function registerSandboxPaymentRoutes(
  app: FastifyInstance,
  deps: { sandbox: SandboxPayments; clock: { now(): Date } },
): void {
  const { sandbox, clock } = deps
  type Params = { Params: { id: string } }

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )

    scope.get<Params>(
      `${SANDBOX_PAYMENTS_PREFIX}setup/:id`,
      { schema: { hide: true } },
      async (req, reply) => {
        const state = await sandbox.setupPageState(req.params.id)
        if (state !== 'open') return html(reply, stateStatus(state), renderPaymentsState(state))
        return html(reply, 200, renderCardForm({ exp: '', name: '' }))
      },
    )

    scope.post<Params>(
      `${SANDBOX_PAYMENTS_PREFIX}setup/:id`,
      { schema: { hide: true } },
      async (req, reply) => {
        const state = await sandbox.setupPageState(req.params.id)
        if (state !== 'open') return html(reply, stateStatus(state), renderPaymentsState(state))
        const digits = field(req.body, 'card_number').replace(/[\s-]/g, '')
        const exp = field(req.body, 'exp').trim().slice(0, 10)
        const cvc = field(req.body, 'cvc').trim()
        const name = field(req.body, 'name').trim().slice(0, 100)
        const errors: CardFormErrors = {}
        if (!luhnValid(digits)) errors.card_number = 'Enter a valid card number.'
        const expiry = parseExpiry(exp)
        if (!expiry || isExpired({ expMonth: expiry.month, expYear: expiry.year }, clock.now()))
          errors.exp = 'Enter a future expiry date (MM / YY).'
        if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'Enter the 3 or 4 digits on the back.'
        if (Object.keys(errors).length > 0 || !expiry)
          return html(reply, 400, renderCardForm({ exp, name }, errors))
        const outcome = await sandbox.completeSetup(req.params.id, {
          digits,
          expMonth: expiry.month,
          expYear: expiry.year,
        })
        if ('state' in outcome)
          return html(reply, stateStatus(outcome.state), renderPaymentsState(outcome.state))
        return reply.status(303).header('cache-control', 'no-store').redirect(outcome.returnUrl, 303)
      },
    )

    scope.get<Params>(`${SANDBOX_PAYMENTS_PREFIX}3ds/:id`, { schema: { hide: true } }, async (req, reply) => {
      const { state, amountCents } = await sandbox.challengeState(req.params.id)
      if (state !== 'open') return html(reply, stateStatus(state), renderPaymentsState(state))
      return html(reply, 200, renderChallenge(amountCents ?? 0))
    })

    scope.post<Params>(
      `${SANDBOX_PAYMENTS_PREFIX}3ds/:id`,
      { schema: { hide: true } },
      async (req, reply) => {
        const action = field(req.body, 'action')
        if (action !== 'complete' && action !== 'fail') {
          const { state, amountCents } = await sandbox.challengeState(req.params.id)
          if (state !== 'open') return html(reply, stateStatus(state), renderPaymentsState(state))
          return html(reply, 400, renderChallenge(amountCents ?? 0))
        }
        const outcome = await sandbox.authenticate(req.params.id, action === 'complete')
        if ('state' in outcome)
          return html(reply, stateStatus(outcome.state), renderPaymentsState(outcome.state))
        return reply.status(303).header('cache-control', 'no-store').redirect(outcome.returnUrl, 303)
      },
    )
  })
}
