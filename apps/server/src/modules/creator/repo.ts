import type { IdentityWebhookEvent } from '@velvet/contract'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { creatorAudits, creatorVerifications, identityWebhookEvents } from './schema.ts'

/** What a decision webhook did. */
export type DecisionOutcome =
  | { kind: 'duplicate' }
  | { kind: 'unknown_session' }
  | { kind: 'stale'; status: string }
  | { kind: 'declined'; userId: number }
  | { kind: 'approved'; user: typeof users.$inferSelect }

/** Every SQL statement of host verification. */
export function createCreatorRepo(db: Db) {
  return {
    async userRole(userId: number) {
      const [row] = await db
        .select({ role: users.userRole, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },

    async answers(userId: number) {
      const [row] = await db.select().from(creatorAudits).where(eq(creatorAudits.userId, userId))
      return row
    },

    async latestVerification(userId: number) {
      const [row] = await db
        .select({
          id: creatorVerifications.id,
          partner: creatorVerifications.partner,
          partnerSessionId: creatorVerifications.partnerSessionId,
          status: creatorVerifications.status,
          declineReason: creatorVerifications.declineReason,
          createdAt: creatorVerifications.createdAt,
        })
        .from(creatorVerifications)
        .where(eq(creatorVerifications.userId, userId))
        .orderBy(desc(creatorVerifications.createdAt), desc(creatorVerifications.id))
        .limit(1)
      return row
    },

    async hasApprovedVerification(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: creatorVerifications.id })
        .from(creatorVerifications)
        .where(and(eq(creatorVerifications.userId, userId), eq(creatorVerifications.status, 'approved')))
        .limit(1)
      return rows.length > 0
    },

    async setSocial(userId: number, platform: string, handle: string, now: Date) {
      await db
        .insert(creatorAudits)
        .values({ userId, socialPlatform: platform, socialHandle: handle, updatedAt: now })
        .onConflictDoUpdate({
          target: creatorAudits.userId,
          set: { socialPlatform: platform, socialHandle: handle, updatedAt: now },
        })
    },

    async setReferrer(userId: number, code: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(creatorAudits)
        .set({ referrerCode: code, updatedAt: now })
        .where(eq(creatorAudits.userId, userId))
        .returning({ userId: creatorAudits.userId })
      return rows.length > 0
    },

    /** A creator (role 1, not deleted) by user name, case-insensitively: a valid referrer. */
    async creatorByUserName(userName: string) {
      const [row] = await db
        .select({ id: users.id, userName: users.userName })
        .from(users)
        .where(
          and(
            sql`lower(${users.userName}) = lower(${userName})`,
            eq(users.userRole, 1),
            isNull(users.deletedAt),
          ),
        )
      return row
    },

    async insertVerification(v: {
      userId: number
      partner: string
      partnerSessionId: string
      returnPath: string
      createdAt: Date
    }) {
      await db.insert(creatorVerifications).values(v)
    },

    /**
     * An approved verification that no partner session stands behind (the server vouches for the user:
     * demo creators), and the creator role, in the caller's transaction.
     */
    async grantVerification(userId: number, partner: string, now: Date, tx: Tx): Promise<void> {
      await tx.insert(creatorVerifications).values({
        userId,
        partner,
        partnerSessionId: `${partner}-${userId}`,
        status: 'approved',
        returnPath: '/home',
        decidedAt: now,
        createdAt: now,
      })
      await tx.update(users).set({ userRole: 1, updatedAt: now }).where(eq(users.id, userId))
    },

    /** Moves a still-pending verification to `status` (expired, abandoned); answers whether it did. */
    async closePending(id: number, status: string): Promise<boolean> {
      const rows = await db
        .update(creatorVerifications)
        .set({ status })
        .where(and(eq(creatorVerifications.id, id), eq(creatorVerifications.status, 'pending')))
        .returning({ id: creatorVerifications.id })
      return rows.length > 0
    },

    /**
     * Applies a partner decision once: the event id is recorded in the same transaction, so a duplicate
     * (or a reconcile racing the webhook) changes nothing. Approval makes the user a creator (role 1).
     */
    async applyDecision(partner: string, event: IdentityWebhookEvent, now: Date): Promise<DecisionOutcome> {
      return db.transaction(async (tx) => {
        const fresh = await tx
          .insert(identityWebhookEvents)
          .values({ eventId: `${partner}:${event.event_id}`, receivedAt: now })
          .onConflictDoNothing()
          .returning({ eventId: identityWebhookEvents.eventId })
        if (fresh.length === 0) return { kind: 'duplicate' }
        const [verification] = await tx
          .select({
            id: creatorVerifications.id,
            userId: creatorVerifications.userId,
            status: creatorVerifications.status,
          })
          .from(creatorVerifications)
          .where(
            and(
              eq(creatorVerifications.partner, partner),
              eq(creatorVerifications.partnerSessionId, event.session_id),
            ),
          )
          .for('update')
        if (!verification) return { kind: 'unknown_session' }
        if (verification.status !== 'pending') return { kind: 'stale', status: verification.status }
        const decidedAt = new Date(event.decided_at * 1000)
        if (event.type === 'verification.declined') {
          await tx
            .update(creatorVerifications)
            .set({
              status: 'declined',
              declineReason: event.data.decline_reason ?? 'Not approved',
              decidedAt,
            })
            .where(eq(creatorVerifications.id, verification.id))
          return { kind: 'declined', userId: verification.userId }
        }
        await tx
          .update(creatorVerifications)
          .set({
            status: 'approved',
            legalName: event.data.legal_name,
            dateOfBirth: event.data.date_of_birth,
            documentType: event.data.document_type,
            declineReason: null,
            decidedAt,
          })
          .where(eq(creatorVerifications.id, verification.id))
        const [user] = await tx
          .update(users)
          .set({ userRole: 1, updatedAt: now })
          .where(and(eq(users.id, verification.userId), isNull(users.deletedAt)))
          .returning()
        return user ? { kind: 'approved', user } : { kind: 'stale', status: 'deleted' }
      })
    },
  }
}

export type CreatorRepo = ReturnType<typeof createCreatorRepo>
