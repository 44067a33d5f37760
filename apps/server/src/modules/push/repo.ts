import { and, eq } from 'drizzle-orm'
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
    /** Insert or refresh the subscription of (user, device). A subscription moving to another user leaves the old. */
    async upsert(fields: InstallationFields, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        // One browser subscription belongs to one user: drop it from whoever had it before.
        await tx.delete(pushInstallations).where(eq(pushInstallations.endpoint, fields.endpoint))
        await tx
          .insert(pushInstallations)
          .values({ ...fields, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [pushInstallations.userId, pushInstallations.deviceId],
            set: { endpoint: fields.endpoint, p256dh: fields.p256dh, auth: fields.auth, updatedAt: now },
          })
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
