import type { Db, Tx } from '../../platform/db.ts'
import { clientReports, systemSettings } from './schema.ts'

/** Every SQL statement of the system module. */
export function createSystemRepo(db: Db) {
  return {
    async settingRows(): Promise<{ key: string; value: unknown }[]> {
      return db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings)
    },

    async putSetting(key: string, value: unknown, now: Date): Promise<void> {
      await db
        .insert(systemSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } })
    },

    /** Inserts `key` unless it exists; answers whether this call inserted it (see SystemService.claimOnce). */
    async insertSettingOnce(key: string, value: unknown, now: Date, tx: Tx): Promise<boolean> {
      const rows = await tx
        .insert(systemSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoNothing({ target: systemSettings.key })
        .returning({ key: systemSettings.key })
      return rows.length === 1
    },

    async insertReport(row: {
      userId: number
      action: string
      payload: Record<string, string | number | boolean>
      createdAt: Date
    }): Promise<void> {
      await db.insert(clientReports).values(row)
    },
  }
}

export type SystemRepo = ReturnType<typeof createSystemRepo>
