import type { Db } from '../../platform/db.ts'
import { unreadInWindow } from '../chat/read-models.ts'
import { earningsBetween } from '../ledger/read-models.ts'

export { EARNING_KINDS } from '../ledger/accounts.ts'

/**
 * The e-mail module's reads: the unread messages of a window (a chat read model) and a creator's earnings
 * of a day (a ledger read model). Their modules own the tables and stay the only writers.
 */
export function createEmailRepo(db: Db) {
  return {
    /** Conversations with unread messages to `userId` that arrived in [from, to), newest first. */
    unreadInWindow: (userId: number, from: Date, to: Date) => unreadInWindow(db, userId, from, to),

    /** A creator's earnings in [from, to) by transfer kind: what reached their payout wallet from sales. */
    earningsBetween: (userId: number, from: Date, to: Date) => earningsBetween(db, userId, from, to),
  }
}

export type EmailRepo = ReturnType<typeof createEmailRepo>
