import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { Clock } from '../auth/service.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { SocialService } from '../social/service.ts'
import { createChatRepo } from './repo.ts'
import { registerChatRoutes } from './routes.ts'
import { createChatService } from './service.ts'

/** Chat (issue 7): conversations, messages, unread counters and their `chat_message` deliveries. */
export function wireChat(deps: {
  db: Db
  social: Pick<SocialService, 'relation'>
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  notifications: Pick<NotificationService, 'publish'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}) {
  const service = createChatService({ ...deps, repo: createChatRepo(deps.db) })
  return { service, register: (app: FastifyInstance) => registerChatRoutes(app, { chat: service }) }
}

export type ChatModule = ReturnType<typeof wireChat>
