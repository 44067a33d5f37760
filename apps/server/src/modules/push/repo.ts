import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { type PushInstallationRow, pushInstallations } from './schema.ts'

export interface InstallationFields {
  userId: number
  deviceId: string
  endpoint: string
  p256dh: string
  auth: string
}

/** Every SQL statement of the push module. */
export function createPushRepo(db: Db) {
  return {
    /**
     * Insert or refresh the subscription of (user, device). A browser subscription belongs to the first user
     * who reported it until that user deletes it or the push service reports it gone: another user's report
     * of the same endpoint changes nothing and answers false. Reports of one endpoint are serialised, so two
     * users reporting it at once cannot both own it.
     */
    async upsert(fields: InstallationFields, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`push_endpoint:${fields.endpoint}`}, 0))`,
        )
        const holders = await tx
          .select({ userId: pushInstallations.userId })
          .from(pushInstallations)
          .where(eq(pushInstallations.endpoint, fields.endpoint))
        if (holders.some((row) => row.userId !== fields.userId)) return false
        // The owner's own subscription moving to another of its device ids: one row per endpoint.
        await tx.delete(pushInstallations).where(eq(pushInstallations.endpoint, fields.endpoint))
        await tx
          .insert(pushInstallations)
          .values({ ...fields, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [pushInstallations.userId, pushInstallations.deviceId],
            set: { endpoint: fields.endpoint, p256dh: fields.p256dh, auth: fields.auth, updatedAt: now },
          })
        return true
      })
    },

    async remove(userId: number, deviceId: string): Promise<void> {
      await db
        .delete(pushInstallations)
        .where(and(eq(pushInstallations.userId, userId), eq(pushInstallations.deviceId, deviceId)))
    },

    async removeById(id: number): Promise<void> {
      await db.delete(pushInstallations).where(eq(pushInstallations.id, id))
    },

    async forUser(userId: number): Promise<PushInstallationRow[]> {
      return db.select().from(pushInstallations).where(eq(pushInstallations.userId, userId))
    },
  }
}

export type PushRepo = ReturnType<typeof createPushRepo>
