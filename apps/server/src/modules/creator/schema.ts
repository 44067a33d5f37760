import { bigint, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** The answers of host verification (agreement acceptance lives in legal_acceptances). */
export const creatorAudits = pgTable('creator_audits', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  socialPlatform: text('social_platform'),
  socialHandle: text('social_handle'),
  /** null: not answered; '': no referrer. */
  referrerCode: text('referrer_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Identity checks with the partner. Legal name, birth date and document type are kept here only,
 * apart from the public profile, and never leave the server.
 */
export const creatorVerifications = pgTable(
  'creator_verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    partnerSessionId: text('partner_session_id').notNull(),
    /** pending (opened at the partner) | approved | declined | expired (never submitted) | abandoned (replaced) */
    status: text('status').notNull().default('pending'),
    returnPath: text('return_path').notNull(),
    legalName: text('legal_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    documentType: text('document_type'),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('creator_verifications_session_key').on(t.partner, t.partnerSessionId),
    index('creator_verifications_user_idx').on(t.userId, t.createdAt),
  ],
)

/** Webhook event ids already processed (duplicates are acknowledged and ignored). */
export const identityWebhookEvents = pgTable('identity_webhook_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The built-in sandbox identity partner's own sessions (it plays the partner's side: hosted page,
 * uploads, decision, webhook). A real partner keeps this on its side.
 */
export const sandboxIdentitySessions = pgTable('sandbox_identity_sessions', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  /** open | submitted | delivered */
  status: text('status').notNull().default('open'),
  documentKey: text('document_key'),
  selfieKey: text('selfie_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
