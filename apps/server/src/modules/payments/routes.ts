import {
  buyCoins,
  CoinRules,
  coinPacks,
  coinsToCents,
  finishCardSetup,
  paymentCards,
  paymentStatus,
  paymentsWebhook,
  removeCard,
  setDefaultCard,
  startCardSetup,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import { registerCall } from '../../platform/http.ts'
import type { PaymentProvider } from '../../platform/payments/provider.ts'
import { PAYMENTS_SIGNATURE_HEADER } from '../../platform/payments/signature.ts'
import { registerSignedWebhooks } from '../../platform/webhooks.ts'
import type { LedgerService } from '../ledger/service.ts'
import type { createCoinSales } from './coins.ts'
import { presentCard, presentPayment } from './presenters.ts'
import type { PaymentsService } from './service.ts'

export function registerPaymentsRoutes(
  app: FastifyInstance,
  deps: {
    payments: PaymentsService
    coins: ReturnType<typeof createCoinSales>
    ledger: LedgerService
    provider: PaymentProvider
    clock: Clock
  },
): void {
  const { payments, coins, ledger, provider, clock } = deps
  const cardList = async (userId: number) => ({
    cards: (await payments.cards(userId)).map((card) => presentCard(card, clock.now())),
  })

  registerCall(app, paymentCards, ({ viewer }) => cardList(viewer.userId))
  registerCall(
    app,
    startCardSetup,
    async ({ viewer, input, req }) => {
      const session = await payments.startSetup(viewer.userId, input.return_path, req.returnOrigin)
      return { session_id: session.sessionId, url: session.url }
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  )
  registerCall(app, finishCardSetup, async ({ viewer, input }) => {
    const card = await payments.finishSetup(viewer.userId, input.session_id)
    return { card: presentCard(card, clock.now()), ...(await cardList(viewer.userId)) }
  })
  registerCall(app, setDefaultCard, async ({ viewer, input }) => {
    await payments.setDefault(viewer.userId, input.card_id)
    return cardList(viewer.userId)
  })
  registerCall(app, removeCard, async ({ viewer, input }) => {
    await payments.remove(viewer.userId, input.card_id)
    return cardList(viewer.userId)
  })
  registerCall(app, coinPacks, () => ({
    packs: CoinRules.packs.map((n) => ({ coins: n, price_cents: coinsToCents(n) })),
    min: CoinRules.min,
    max: CoinRules.max,
    coin_cents: CoinRules.faceValueCents,
  }))
  registerCall(app, buyCoins, ({ viewer, input, idempotencyKey, req }) =>
    coins.buy(viewer.userId, idempotencyKey, input, req.returnOrigin),
  )
  registerCall(app, paymentStatus, async ({ viewer, input }) => {
    const row = await payments.paymentOf(viewer.userId, input.payment_id)
    return presentPayment(row, row.purpose === 'coins' ? await ledger.coins(viewer.userId) : null)
  })

  registerSignedWebhooks(app, {
    name: 'payments',
    header: PAYMENTS_SIGNATURE_HEADER,
    verify: (raw, header) => provider.verifyWebhook(raw, header, clock.now()),
    routes: (scope) => {
      // Providers send bursts from few addresses (a retry storm after an outage): a wide limit of its own.
      registerCall(
        scope,
        paymentsWebhook,
        async ({ input }) => {
          await payments.handleEvent(input)
          return { received: true as const }
        },
        { rateLimit: { max: 6_000, timeWindow: '1 minute' } },
      )
    },
  })
}
