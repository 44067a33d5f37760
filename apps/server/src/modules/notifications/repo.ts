import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { emailEvents, type NewNotification, type NotificationRow, notifications } from './schema.ts'

/** Every SQL statement of the notifications module. */
export function createNotificationRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async insert(values: NewNotification, conn: Db | Tx = db): Promise<NotificationRow> {
      const [row] = await conn.insert(notifications).values(values).returning()
      if (!row) throw new Error('insert notifications returned nothing')
      return row
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      return row?.n ?? 0
    },

    /**
     * Newest first, keyset on id: `before` is the last id of the previous page; `types` narrows to some
     * notify_type values (a tab of /notifications).
     */
    async page(
      userId: number,
      limit: number,
      before?: number,
      types?: readonly number[],
    ): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            before === undefined ? undefined : lt(notifications.id, before),
            types === undefined ? undefined : inArray(notifications.notifyType, [...types]),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit)
    },

    async insertEmailEvent(values: typeof emailEvents.$inferInsert): Promise<void> {
      await db.insert(emailEvents).values(values)
    },

    async markAllRead(userId: number, now: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id })
      return rows.length
    },
  }
}

export type NotificationRepo = ReturnType<typeof createNotificationRepo>
