import { Gifts, giftCatalogue, sendGift, transactionsList, unlockPost, walletSummary } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { privateAnswer, registerCall } from '../../platform/http.ts'
import type { WalletService } from './service.ts'

/** Money answers are the viewer's own: never cached by anyone. */
export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService): void {
  registerCall(app, walletSummary, async ({ viewer, reply }) =>
    privateAnswer(reply, await wallet.summary(viewer)),
  )
  registerCall(app, transactionsList, async ({ viewer, input, reply }) =>
    privateAnswer(reply, await wallet.transactions(viewer, input)),
  )
  registerCall(app, unlockPost, async ({ viewer, input, req, reply, idempotencyKey }) =>
    privateAnswer(reply, await wallet.unlock(viewer, input, req.ip, idempotencyKey)),
  )
  registerCall(app, giftCatalogue, () => ({
    list: Gifts.map(({ id, name, coins, animation }) => ({ id, name, coins, animation })),
  }))
  registerCall(app, sendGift, async ({ viewer, input, req, idempotencyKey }) =>
    wallet.sendGift(viewer, input, req.ip, idempotencyKey),
  )
}
