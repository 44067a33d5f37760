import { ChatRules } from '@velvet/contract'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import { defineJob, work } from '../../platform/jobs.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { CreatorService } from '../creator/service.ts'
import { createPurchases } from '../ledger/purchase.ts'
import type { Sales } from '../ledger/sales.ts'
import type { LedgerService } from '../ledger/service.ts'
import type { MediaService } from '../media/types.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { SocialService } from '../social/service.ts'
import { createPaidChatRepo } from './paid-repo.ts'
import { createChatRepo } from './repo.ts'
import { registerChatRoutes } from './routes.ts'
import { createChatService } from './service.ts'

/** The job that refunds paid messages left unanswered (every 10 minutes, each message once). */
export const paidMessageRefundJob = defineJob({
  name: 'chat-paid-message-refunds',
  payload: z.object({}),
  cron: '*/10 * * * *',
})
export const REPLY_WITHIN_MS = ChatRules.replyWithinHours * 3_600_000

/**
 * Chat: conversations, messages (text, photos and videos, PPV, tips and gifts, paid messages),
 * unread counters and their `chat_message` deliveries.
 */
export function wireChat(deps: {
  db: Db
  social: Pick<SocialService, 'relation'>
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  notifications: Pick<NotificationService, 'publish'>
  media: Pick<MediaService, 'findOwned' | 'findMany' | 'urlsFor'>
  ledger: Pick<LedgerService, 'coins' | 'idempotent'>
  sales: Pick<Sales, 'sell' | 'reverse'>
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}) {
  const log = deps.log.child({ name: 'chat' })
  // Paid chat sells through the one purchase path, over the ledger and sales it is given.
  const purchases = createPurchases({ ...deps, log })
  const service = createChatService({
    ...deps,
    repo: createChatRepo(deps.db),
    paidRepo: createPaidChatRepo(deps.db),
    purchases,
  })
  return {
    service,
    register: (app: FastifyInstance) => registerChatRoutes(app, { chat: service }),
    workers: [
      work(paidMessageRefundJob, async () => {
        // Batches until none is due, so a backlog drains in one run.
        while ((await service.refundUnanswered(REPLY_WITHIN_MS)) > 0);
      }),
    ],
  }
}

export type ChatModule = ReturnType<typeof wireChat>
