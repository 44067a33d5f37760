import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db.ts'
import type { JobSender, JobWorker } from '../../platform/jobs.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { EmailPreferencesService } from '../account/email-service.ts'
import type { CreatorService } from '../creator/service.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import type { MediaService } from '../media/types.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { SafetyService } from '../safety/service.ts'
import type { SocialService } from '../social/service.ts'
import type { Purchases } from './purchase.ts'
import { createLedgerRepo } from './repo.ts'
import { createSales, type ReferrerOf, type Sales } from './sales.ts'
import { createLedgerService, type LedgerService } from './service.ts'

/** What every money module (payments, wallet, memberships, payouts, referrals) may use. */
export interface MoneyDeps {
  db: Db
  config: Readonly<Config>
  ledger: LedgerService
  sales: Sales
  /** The one purchase path (ledger/purchase.ts) over `sales`. */
  purchases: Purchases
  entitlements: EntitlementService
  media: MediaService
  social: SocialService
  safety: SafetyService
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  notifications: NotificationService
  realtime: Realtime
  emailPreferences: EmailPreferencesService
  jobs: JobSender
  clock: Clock
  /** A secret for webhook signatures and signed links of the sandbox provider. */
  secret: string
  publicUrl: string
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

export interface MoneyWiringDeps extends Omit<MoneyDeps, 'sales' | 'purchases'> {}

/** One money module as the composition root sees it. */
export interface MoneyPart {
  register(app: FastifyInstance): void | Promise<void>
  /** Its job workers (none for some parts); the composition root registers them all. */
  workers?: JobWorker[]
  close?(): Promise<void>
}

/**
 * The ledger, the one service that moves money. It needs only the database, so the composition root builds
 * it early: account deletion and the e-mail notices read balances from it.
 */
export async function wireLedger(deps: { db: Db; clock: Clock }): Promise<LedgerService> {
  const ledger = createLedgerService({ repo: createLedgerRepo(deps.db), clock: deps.clock })
  await ledger.init()
  return ledger
}

/** Sales: the split of every sale (the referrals module answers who referred a creator). */
export function wireSales(deps: {
  db: Db
  ledger: LedgerService
  referrerOf: ReferrerOf
  clock: Clock
}): Sales {
  return createSales({
    db: deps.db,
    ledger: deps.ledger,
    referrerOf: deps.referrerOf,
    now: () => deps.clock.now(),
  })
}

export type { LedgerService, Sales }
