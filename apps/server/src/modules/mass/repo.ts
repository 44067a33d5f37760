import { type MassAudience, MassStatus, SpentLevels } from '@velvet/contract'
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { conversationSideRows, messageRows } from '../chat/read-models.ts'
import { hasMembershipRow, memberFanIds } from '../entitlements/conditions.ts'
import { spenderIds, unlockedSince } from '../ledger/read-models.ts'
import { isPublishedPostOf } from '../posts/read-models.ts'
import { blockedEitherWay, followerIds, isFollowerOf, listMemberIds } from '../social/conditions.ts'
import { ownListIds } from '../social/read-models.ts'
import { massMessages, massRecipients } from './schema.ts'

type Conn = Db | Tx

export type MassRow = typeof massMessages.$inferSelect
export type NewMass = typeof massMessages.$inferInsert

/** Recipient states (mass_recipients.state). */
export const RecipientState = { Pending: 0, Delivered: 1, Skipped: 2 } as const

/** The ledger item type of a PPV chat message's content (what a mass message's buyers unlock). */
const CHAT_MEDIA_ITEM = 'chat_media'

const SPENT_WINDOW_DAYS = 30

export interface MassCounts {
  sent: number
  opened: number
  purchased: number
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * The people an audience names right now, as a subquery of user ids: never the creator, deleted accounts,
 * or anyone blocked either way. Lists only reach people who follow the creator or have (had) a membership:
 * a list is the creator's own bookmark and may name strangers, who get no cold messages.
 */
export function audienceIds(creatorId: number, audience: MassAudience, now: Date): SQL {
  const base = (() => {
    switch (audience.kind) {
      case 'followers':
        return followerIds(creatorId)
      case 'members':
        return memberFanIds(creatorId, now, true)
      case 'expired_members':
        return memberFanIds(creatorId, now, false)
      case 'spenders': {
        const level = SpentLevels[audience.spent_level ?? 1] ?? SpentLevels[1]
        const since = new Date(now.getTime() - SPENT_WINDOW_DAYS * 86_400_000)
        return spenderIds(creatorId, since, level.minCents)
      }
      case 'lists':
        return listMemberIds(
          creatorId,
          audience.list_ids,
          (member) => sql`(${isFollowerOf(member, creatorId)}
              OR ${hasMembershipRow(member, creatorId)})`,
        )
    }
  })()
  return sql`SELECT ${users.id} AS id FROM ${users}
    WHERE ${users.id} IN (${base}) AND ${users.id} <> ${creatorId} AND ${users.deletedAt} IS NULL
      AND NOT ${blockedEitherWay(creatorId, users.id)}`
}

/**
 * The SQL of mass messages. It reads other modules' data only through their read models: social's follows,
 * lists and blocks, entitlements' memberships and ledger spenders (the audience), posts (a shared post),
 * chat messages, conversation sides and ledger unlocks (the opened and purchased counts).
 */
export function createMassRepo(db: Db) {
  return {
    db,

    async countAudience(creatorId: number, audience: MassAudience, now: Date, conn: Conn = db) {
      const rows = rowsOf<{ n: number | string }>(
        await conn.execute(sql`SELECT count(*)::int AS n FROM (${audienceIds(creatorId, audience, now)}) a`),
      )
      return Number(rows[0]?.n ?? 0)
    },

    /** Which of these list ids are the creator's own. */
    ownListIds: (creatorId: number, ids: number[]): Promise<number[]> => ownListIds(db, creatorId, ids),

    /** Whether a post is the creator's and published (kind Post shares only those). */
    isPublishedPostOf: (creatorId: number, postId: number): Promise<boolean> =>
      isPublishedPostOf(db, creatorId, postId),

    /** Serialises one creator's creates (the one-per-6-hours check), for the rest of the transaction. */
    async lockCreator(creatorId: number, tx: Tx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`mass:${creatorId}`}, 0))`)
    },

    async byClientId(creatorId: number, clientId: string, conn: Conn = db): Promise<MassRow | null> {
      const [row] = await conn
        .select()
        .from(massMessages)
        .where(and(eq(massMessages.creatorId, creatorId), eq(massMessages.clientId, clientId)))
      return row ?? null
    },

    /**
     * Another mass message of the creator sent (or to be sent) less than `windowMs` from `at`. A failed one
     * that reached nobody does not count.
     */
    async neighbour(creatorId: number, at: Date, windowMs: number, conn: Conn = db) {
      const rows = rowsOf<{ id: number; send_at: string | Date }>(
        await conn.execute(sql`
          SELECT m.id, m.send_at FROM ${massMessages} m
          WHERE m.creator_id = ${creatorId}
            AND m.send_at > ${new Date(at.getTime() - windowMs)} AND m.send_at < ${new Date(at.getTime() + windowMs)}
            AND NOT (m.status = ${MassStatus.Failed} AND NOT EXISTS (
              SELECT 1 FROM ${massRecipients} r WHERE r.mass_id = m.id AND r.state = ${RecipientState.Delivered}))
          ORDER BY m.send_at LIMIT 1`),
      )
      const row = rows[0]
      return row ? { id: Number(row.id), sendAt: new Date(row.send_at) } : null
    },

    async insert(values: NewMass, tx: Tx): Promise<MassRow> {
      const [row] = await tx.insert(massMessages).values(values).returning()
      if (!row) throw new Error('mass message insert returned nothing')
      return row
    },

    async byId(creatorId: number, id: number, conn: Conn = db): Promise<MassRow | null> {
      const [row] = await conn
        .select()
        .from(massMessages)
        .where(and(eq(massMessages.id, id), eq(massMessages.creatorId, creatorId)))
      return row ?? null
    },

    async get(id: number, conn: Conn = db): Promise<MassRow | null> {
      const [row] = await conn.select().from(massMessages).where(eq(massMessages.id, id))
      return row ?? null
    },

    /** The creator's mass messages, newest first (keyset on id). */
    async page(creatorId: number, before: number | null, limit: number): Promise<MassRow[]> {
      return db
        .select()
        .from(massMessages)
        .where(
          and(
            eq(massMessages.creatorId, creatorId),
            before === null ? undefined : lt(massMessages.id, before),
          ),
        )
        .orderBy(desc(massMessages.id))
        .limit(limit)
    },

    /** Removes a scheduled one (cancel); false when it has started meanwhile. */
    async deleteScheduled(creatorId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(massMessages)
        .where(
          and(
            eq(massMessages.id, id),
            eq(massMessages.creatorId, creatorId),
            eq(massMessages.status, MassStatus.Scheduled),
          ),
        )
        .returning({ id: massMessages.id })
      return rows.length > 0
    },

    /**
     * Moves due scheduled mass messages to sending, each exactly once whichever worker gets there first
     * (the conditional update): `id` limits it to one.
     */
    async startDue(now: Date, id: number | null, tx: Tx): Promise<MassRow[]> {
      return tx
        .update(massMessages)
        .set({ status: MassStatus.Sending, startedAt: now })
        .where(
          and(
            eq(massMessages.status, MassStatus.Scheduled),
            sql`${massMessages.sendAt} <= ${now}`,
            id === null ? undefined : eq(massMessages.id, id),
          ),
        )
        .returning()
    },

    /** Fixes the audience: one pending row per recipient (a second snapshot adds nobody twice). */
    async snapshot(mass: MassRow, audience: MassAudience, now: Date, tx: Tx): Promise<number> {
      await tx.execute(sql`
        INSERT INTO ${massRecipients} (mass_id, recipient_id)
        SELECT ${mass.id}, a.id FROM (${audienceIds(mass.creatorId, audience, now)}) a
        ON CONFLICT DO NOTHING`)
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(massRecipients)
        .where(eq(massRecipients.massId, mass.id))
      const n = Number(row?.n ?? 0)
      await tx.update(massMessages).set({ recipients: n }).where(eq(massMessages.id, mass.id))
      return n
    },

    async fail(id: number, reason: string, now: Date, conn: Conn = db): Promise<void> {
      await conn
        .update(massMessages)
        .set({ status: MassStatus.Failed, failure: reason, finishedAt: now })
        .where(and(eq(massMessages.id, id), inArray(massMessages.status, [1, 2])))
    },

    /**
     * The next batch of pending recipients of a mass message that is still sending, locked for this
     * transaction; rows another worker holds are skipped (it delivers them). `unavailable`: blocked either
     * way since the snapshot, or the account is gone.
     */
    async claimBatch(mass: MassRow, limit: number, tx: Tx) {
      const rows = rowsOf<{ recipient_id: number | string; unavailable: boolean }>(
        await tx.execute(sql`
          SELECT r.recipient_id,
            (u.deleted_at IS NOT NULL OR ${blockedEitherWay(mass.creatorId, sql`r.recipient_id`)}) AS unavailable
          FROM ${massRecipients} r JOIN ${users} u ON u.id = r.recipient_id
          WHERE r.mass_id = ${mass.id} AND r.state = ${RecipientState.Pending}
            AND EXISTS (SELECT 1 FROM ${massMessages} m WHERE m.id = r.mass_id AND m.status = ${MassStatus.Sending})
          ORDER BY r.recipient_id
          LIMIT ${limit}
          FOR UPDATE OF r SKIP LOCKED`),
      )
      return rows.map((row) => ({ recipientId: Number(row.recipient_id), unavailable: row.unavailable }))
    },

    async markDelivered(massId: number, recipientId: number, messageId: number, at: Date, tx: Tx) {
      await tx
        .update(massRecipients)
        .set({ state: RecipientState.Delivered, messageId, deliveredAt: at })
        .where(and(eq(massRecipients.massId, massId), eq(massRecipients.recipientId, recipientId)))
    },

    async markSkipped(massId: number, recipientIds: number[], tx: Tx) {
      if (recipientIds.length === 0) return
      await tx
        .update(massRecipients)
        .set({ state: RecipientState.Skipped })
        .where(and(eq(massRecipients.massId, massId), inArray(massRecipients.recipientId, recipientIds)))
    },

    /** Sending → successful once no recipient is pending (whoever delivers the last batch). */
    async finishIfDone(massId: number, now: Date, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .update(massMessages)
        .set({ status: MassStatus.Successful, finishedAt: now })
        .where(
          and(
            eq(massMessages.id, massId),
            eq(massMessages.status, MassStatus.Sending),
            sql`NOT EXISTS (SELECT 1 FROM ${massRecipients} r
              WHERE r.mass_id = ${massId} AND r.state = ${RecipientState.Pending})`,
          ),
        )
        .returning({ id: massMessages.id })
      return rows.length > 0
    },

    /** Scheduled mass messages that are due (`id` limits it to one). */
    async dueIds(now: Date, id: number | null): Promise<number[]> {
      const rows = await db
        .select({ id: massMessages.id })
        .from(massMessages)
        .where(
          and(
            eq(massMessages.status, MassStatus.Scheduled),
            sql`${massMessages.sendAt} <= ${now}`,
            id === null ? undefined : eq(massMessages.id, id),
          ),
        )
        .orderBy(massMessages.sendAt)
      return rows.map((row) => row.id)
    },

    /** Mass messages still sending (the sweep restarts their delivery). */
    async sendingIds(): Promise<number[]> {
      const rows = await db
        .select({ id: massMessages.id })
        .from(massMessages)
        .where(eq(massMessages.status, MassStatus.Sending))
      return rows.map((row) => row.id)
    },

    /**
     * sent: delivered recipients; opened: those whose side of the conversation has read past the message;
     * purchased: those who unlocked its content (ledger unlocks of the message's content key) after it went out.
     */
    async counts(masses: MassRow[]): Promise<Map<number, MassCounts>> {
      const result = new Map<number, MassCounts>()
      if (masses.length === 0) return result
      const ids = sql.join(
        masses.map((mass) => sql`${mass.id}`),
        sql`, `,
      )
      const rows = rowsOf<{ mass_id: number | string; sent: number; opened: number; purchased: number }>(
        await db.execute(sql`
          SELECT r.mass_id,
            count(*)::int AS sent,
            count(*) FILTER (WHERE s.last_read_id >= r.message_id)::int AS opened,
            count(*) FILTER (WHERE cm.content_key IS NOT NULL
              AND ${unlockedSince(sql`r.recipient_id`, CHAT_MEDIA_ITEM, sql`cm.content_key`, sql`r.delivered_at`)})::int AS purchased
          FROM ${massRecipients} r
          JOIN ${messageRows} cm ON cm.id = r.message_id
          LEFT JOIN ${conversationSideRows} s ON s.conversation_id = cm.conversation_id AND s.user_id = r.recipient_id
          WHERE r.mass_id IN (${ids}) AND r.state = ${RecipientState.Delivered}
          GROUP BY r.mass_id`),
      )
      for (const row of rows)
        result.set(Number(row.mass_id), { sent: row.sent, opened: row.opened, purchased: row.purchased })
      return result
    },
  }
}

export type MassRepo = ReturnType<typeof createMassRepo>
