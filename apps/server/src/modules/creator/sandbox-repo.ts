import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import type { SandboxStore } from '../../platform/identity/sandbox.ts'
import { sandboxIdentitySessions as t } from './schema.ts'

/** The sandbox identity partner's sessions, kept in our database (a real partner keeps them on its side). */
export function createSandboxRepo(db: Db): SandboxStore {
  return {
    async create(record) {
      await db.insert(t).values(record)
    },

    async get(id) {
      const [row] = await db
        .select({
          id: t.id,
          reference: t.reference,
          returnUrl: t.returnUrl,
          webhookUrl: t.webhookUrl,
          status: t.status,
          createdAt: t.createdAt,
          expiresAt: t.expiresAt,
        })
        .from(t)
        .where(eq(t.id, id))
      return row
    },

    async claim(id, files, now) {
      const rows = await db
        .update(t)
        .set({ status: 'submitted', documentKey: files.documentKey, selfieKey: files.selfieKey })
        .where(and(eq(t.id, id), eq(t.status, 'open'), gt(t.expiresAt, now)))
        .returning({ id: t.id })
      return rows.length > 0
    },

    async reopen(id) {
      await db
        .update(t)
        .set({ status: 'open', documentKey: null, selfieKey: null })
        .where(and(eq(t.id, id), eq(t.status, 'submitted')))
    },

    async markDelivered(id) {
      await db.update(t).set({ status: 'delivered' }).where(eq(t.id, id))
    },
  }
}
