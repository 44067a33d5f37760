import { MembershipStatus } from '@velvet/contract'
import { and, asc, desc, eq, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { membershipRequests, subscriptionEvents, subscriptions } from './schema.ts'

type Conn = Db | Tx

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type EventRow = typeof subscriptionEvents.$inferSelect

/** A keyset position in lists ordered by (started_at DESC, id DESC); times are whole milliseconds. */
export interface ListCursor {
  at: number
  id: number
}

export type RequestRow = typeof membershipRequests.$inferSelect

export interface PersonRow {
  id: number
  deletedAt: Date | null
  userName: string | null
  nickname: string | null
  portrait: string | null
  userRole: number
}

const person = {
  id: users.id,
  userName: users.userName,
  nickname: users.nickname,
  portrait: users.portrait,
  userRole: users.userRole,
  deletedAt: users.deletedAt,
}

/** The SQL of subscriptions and their events (charges). */
export function createSubscriptionsRepo(db: Db) {
  async function page(
    side: 'fan' | 'creator',
    ownerId: number,
    statuses: number[],
    cursor: ListCursor | null,
    limit: number,
  ) {
    const owner = side === 'fan' ? subscriptions.fanId : subscriptions.creatorId
    const other = side === 'fan' ? subscriptions.creatorId : subscriptions.fanId
    const conditions: SQL[] = [eq(owner, ownerId), inArray(subscriptions.status, statuses)]
    if (cursor) {
      const at = new Date(cursor.at).toISOString()
      conditions.push(
        sql`(${subscriptions.startedAt}, ${subscriptions.id}) < (${at}::timestamptz, ${cursor.id})`,
      )
    }
    return db
      .select({ subscription: subscriptions, person })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, other))
      .where(and(...conditions))
      .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
      .limit(limit + 1)
  }

  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    async byPair(fanId: number, creatorId: number, conn: Conn = db, lock = false) {
      const query = conn
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.creatorId, creatorId)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    async byId(id: number, conn: Conn = db): Promise<SubscriptionRow | null> {
      const [row] = await conn.select().from(subscriptions).where(eq(subscriptions.id, id))
      return row ?? null
    },

    /** Creates the pair's row (ended, no period) when missing; answers it locked for the transaction. */
    async lockPair(tx: Tx, fanId: number, creatorId: number, at: Date): Promise<SubscriptionRow> {
      await tx
        .insert(subscriptions)
        .values({
          fanId,
          creatorId,
          status: MembershipStatus.Ended,
          months: 1,
          renewCents: 0,
          startedAt: at,
          periodStart: at,
          periodEnd: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.creatorId, creatorId)))
        .for('update')
      if (!row) throw new Error('subscription row missing after insert')
      return row
    },

    async update(conn: Conn | undefined, id: number, set: Partial<typeof subscriptions.$inferInsert>) {
      const [row] = await (conn ?? db)
        .update(subscriptions)
        .set(set)
        .where(eq(subscriptions.id, id))
        .returning()
      if (!row) throw new Error(`subscription ${id} missing`)
      return row
    },

    /** Records a charged (or trial) period; null when that period was recorded already. */
    async insertEvent(tx: Tx, row: typeof subscriptionEvents.$inferInsert): Promise<number | null> {
      const [inserted] = await tx
        .insert(subscriptionEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: subscriptionEvents.id })
      return inserted?.id ?? null
    },

    async eventByPayment(tx: Conn, paymentId: number): Promise<EventRow | null> {
      const [row] = await tx
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.paymentId, paymentId))
      return row ?? null
    },

    events(subscriptionId: number): Promise<EventRow[]> {
      return db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
        .orderBy(desc(subscriptionEvents.periodStart))
        .limit(100)
    },

    /** Whether the fan was ever a member (or on a trial) of the creator: promos and trials are for new members. */
    async everMember(fanId: number, creatorId: number, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .select({ id: subscriptionEvents.id })
        .from(subscriptionEvents)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
        .where(and(eq(subscriptions.fanId, fanId), eq(subscriptions.creatorId, creatorId)))
        .limit(1)
      return rows.length > 0
    },

    fanPage: (fanId: number, statuses: number[], cursor: ListCursor | null, limit: number) =>
      page('fan', fanId, statuses, cursor, limit),
    creatorPage: (creatorId: number, statuses: number[], cursor: ListCursor | null, limit: number) =>
      page('creator', creatorId, statuses, cursor, limit),

    async creatorCounts(creatorId: number) {
      const rows = await db
        .select({ status: subscriptions.status, n: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(eq(subscriptions.creatorId, creatorId))
        .groupBy(subscriptions.status)
      const of = (status: number) => rows.find((row) => row.status === status)?.n ?? 0
      return { active: of(MembershipStatus.Active), inGrace: of(MembershipStatus.Grace) }
    },

    async person(userId: number): Promise<PersonRow | null> {
      const [row] = await db.select(person).from(users).where(eq(users.id, userId))
      return row ?? null
    },

    async request(fanId: number, key: string, conn: Conn = db): Promise<RequestRow | null> {
      const [row] = await conn
        .select()
        .from(membershipRequests)
        .where(and(eq(membershipRequests.fanId, fanId), eq(membershipRequests.idempotencyKey, key)))
      return row ?? null
    },

    /**
     * Serialises subscribe calls of one fan to one creator for the rest of the transaction, and answers
     * whether another of them is still charging (claimed since `since`, no answer yet).
     */
    async lockPairRequests(tx: Tx, fanId: number, creatorId: number, since: Date): Promise<boolean> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`membership-subscribe:${fanId}:${creatorId}`}, 0))`,
      )
      const rows = await tx
        .select({ key: membershipRequests.idempotencyKey })
        .from(membershipRequests)
        .where(
          and(
            eq(membershipRequests.fanId, fanId),
            sql`${membershipRequests.answer} is null`,
            sql`${membershipRequests.charge} -> 'reference' ->> 'creator_id' = ${String(creatorId)}`,
            sql`${membershipRequests.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    /** Lets go of a claimed key whose call was refused before any answer (the fan may try again). */
    async releaseRequest(fanId: number, key: string): Promise<void> {
      await db
        .delete(membershipRequests)
        .where(
          and(
            eq(membershipRequests.fanId, fanId),
            eq(membershipRequests.idempotencyKey, key),
            sql`${membershipRequests.answer} is null`,
          ),
        )
    },

    /** Claims a key for a subscribe call; false when another call holds it already. */
    async claimRequest(
      row: { fanId: number; key: string; hash: string; charge: Record<string, unknown> | null; at: Date },
      conn: Conn = db,
    ): Promise<boolean> {
      const inserted = await conn
        .insert(membershipRequests)
        .values({
          fanId: row.fanId,
          idempotencyKey: row.key,
          requestHash: row.hash,
          charge: row.charge,
          createdAt: row.at,
        })
        .onConflictDoNothing()
        .returning({ fanId: membershipRequests.fanId })
      return inserted.length > 0
    },

    async storeAnswer(fanId: number, key: string, answer: Record<string, unknown>, conn: Conn = db) {
      await conn
        .update(membershipRequests)
        .set({ answer })
        .where(and(eq(membershipRequests.fanId, fanId), eq(membershipRequests.idempotencyKey, key)))
    },

    /** Subscriptions whose next charge (or end) is due. */
    async dueIds(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(isNotNull(subscriptions.nextChargeAt), lte(subscriptions.nextChargeAt, now)))
        .orderBy(asc(subscriptions.nextChargeAt))
        .limit(limit)
      return rows.map((row) => row.id)
    },

    /**
     * Claims a due subscription for one renewal attempt: a lease until `leaseUntil`, taken by one worker
     * only (the conditional update); another worker's claim of the same row answers null.
     */
    async claimDue(id: number, now: Date, leaseUntil: Date): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ renewingUntil: leaseUntil })
        .where(
          and(
            eq(subscriptions.id, id),
            isNotNull(subscriptions.nextChargeAt),
            lte(subscriptions.nextChargeAt, now),
            or(sql`${subscriptions.renewingUntil} IS NULL`, lte(subscriptions.renewingUntil, now)),
          ),
        )
        .returning()
      return row ?? null
    },

    /** An ended subscription has nothing more to charge. */
    async stopCharging(id: number, at: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ nextChargeAt: null, renewingUntil: null, updatedAt: at })
        .where(eq(subscriptions.id, id))
    },

    async releaseLease(id: number): Promise<void> {
      await db.update(subscriptions).set({ renewingUntil: null }).where(eq(subscriptions.id, id))
    },

    /** Active subscriptions renewing within `horizon` whose pre-check has not run for this period. */
    async precheckIds(now: Date, horizon: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, MembershipStatus.Active),
            eq(subscriptions.autoRenew, true),
            sql`${subscriptions.periodEnd} > ${now.toISOString()}::timestamptz`,
            lte(subscriptions.periodEnd, horizon),
            sql`${subscriptions.precheckFor} IS DISTINCT FROM ${subscriptions.periodEnd}`,
          ),
        )
        .limit(limit)
      return rows.map((row) => row.id)
    },

    /** Marks the pre-check of this period done; false when another worker did it. */
    async claimPrecheck(id: number, periodEnd: Date): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ precheckFor: periodEnd })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.periodEnd, periodEnd),
            sql`${subscriptions.precheckFor} IS DISTINCT FROM ${subscriptions.periodEnd}`,
          ),
        )
        .returning({ id: subscriptions.id })
      return rows.length > 0
    },
  }
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>
