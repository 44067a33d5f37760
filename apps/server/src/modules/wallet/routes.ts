import { Gifts, giftCatalogue, sendGift, transactionsList, unlockPost, walletSummary } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { WalletService } from './service.ts'

/** Money answers are the viewer's own: never cached by anyone (registerCall's rule for account calls). */
export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService): void {
  registerCall(app, walletSummary, ({ viewer }) => wallet.summary(viewer))
  registerCall(app, transactionsList, ({ viewer, input }) => wallet.transactions(viewer, input))
  registerCall(app, unlockPost, ({ viewer, input, req, idempotencyKey }) =>
    wallet.unlock(viewer, input, req.ip, idempotencyKey),
  )
  registerCall(app, giftCatalogue, () => ({
    list: Gifts.map(({ id, name, coins, animation }) => ({ id, name, coins, animation })),
  }))
  registerCall(app, sendGift, async ({ viewer, input, req, idempotencyKey }) =>
    wallet.sendGift(viewer, input, req.ip, idempotencyKey),
  )
}
