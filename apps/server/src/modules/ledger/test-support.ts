import { eq } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { ledgerPostings, ledgerTransfers } from './schema.ts'

/**
 * Tests only: dates a transfer and its postings at `at`, as if it had been written then (a sale older than
 * the clearing period, for instance), without moving the clock every other test reads.
 */
export async function backdateTransfer(db: Db, transferId: number, at: Date): Promise<void> {
  await db.update(ledgerTransfers).set({ createdAt: at }).where(eq(ledgerTransfers.id, transferId))
  await db.update(ledgerPostings).set({ createdAt: at }).where(eq(ledgerPostings.transferId, transferId))
}
