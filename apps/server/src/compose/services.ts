import type { EmailPreferencesService } from '../modules/account/email-service.ts'
import type { ChatService } from '../modules/chat/service.ts'
import type { CreatorService } from '../modules/creator/service.ts'
import type { DemoService } from '../modules/demo/service.ts'
import type { EmailNotices } from '../modules/email/service.ts'
import type { EntitlementService } from '../modules/entitlements/service.ts'
import type { MassModule } from '../modules/mass/wiring.ts'
import type { NotificationService } from '../modules/notifications/service.ts'
import type { PushService } from '../modules/push/service.ts'
import type { SafetyService } from '../modules/safety/service.ts'
import type { SocialService } from '../modules/social/service.ts'
import type { SystemService } from '../modules/system/service.ts'
import type { Realtime } from '../platform/realtime.ts'
import type { MoneyModules } from './money.ts'

/** The services other modules, jobs and tests reach (`app.services`). */
export interface AppServices {
  realtime: Realtime
  notifications: NotificationService
  push: PushService
  system: SystemService
  /** Blocks and follows (isBlockedEitherWay, assertNotBlocked) for later modules. */
  social: SocialService
  /** Blocked locations (assertVisible) for posts, media and live. */
  safety: SafetyService
  /** Unsubscribe links, List-Unsubscribe headers and `wantsEmail` for every mail sender. */
  emailPreferences: EmailPreferencesService
  /** Notification e-mails: their jobs and the worker's `deliver`. */
  emails: EmailNotices
  /** `assertVerifiedCreator` for paid content and live. */
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  /** Demo content on an empty database (main runs `seed` after listening, in run modes with workers). */
  demo: DemoService
  /**
   * The ledger (the one service that moves money), sales, card payments, memberships and withdrawals (their
   * job's `advance`, which tests drive directly).
   */
  money: Pick<MoneyModules, 'ledger' | 'sales' | 'payments' | 'memberships' | 'payouts'>
  chat: ChatService
  /** Starting and delivering mass messages (the jobs call it; tests drive it directly). */
  mass: MassModule['sender']
  /** Unlocks and memberships as posts see them. */
  entitlements: EntitlementService
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices
  }
}
