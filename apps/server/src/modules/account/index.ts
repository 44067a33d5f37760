import type { Db, Tx } from '../../platform/db.ts'

/**
 * What account publishes to other modules: the record of legal documents a user accepted. Creator
 * onboarding records and reads its agreement through this port (the account repo implements it), so it
 * never depends on the account repo itself.
 */
export interface LegalAcceptances {
  /** Records that the user accepted each document (kind and version) at `acceptedAt`, from `ip`. */
  recordAcceptances(
    userId: number,
    documents: { kind: string; version: string }[],
    ip: string | null,
    acceptedAt: Date,
    conn?: Db | Tx,
  ): Promise<void>
  /** The first acceptance time of each (kind, version) the user accepted, among `kinds`. */
  acceptances(
    userId: number,
    kinds: readonly string[],
  ): Promise<{ kind: string; version: string; acceptedAt: Date }[]>
}
