import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { membershipBundles, membershipPlans, membershipTrialRedemptions, membershipTrials } from './schema.ts'

type Conn = Db | Tx

export interface PlanRow {
  creatorId: number
  priceCents: number
  promoPercent: number | null
  promoEndsAt: Date | null
  bundles: Array<{ months: number; discountPercent: number }>
}

export type TrialRow = typeof membershipTrials.$inferSelect

/** Links of a creator that can still be used: not revoked, uses left. */
async function openTrialCount(conn: Conn, creatorId: number): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(membershipTrials)
    .where(
      and(
        eq(membershipTrials.creatorId, creatorId),
        isNull(membershipTrials.revokedAt),
        lt(membershipTrials.uses, membershipTrials.maxUses),
      ),
    )
  return row?.n ?? 0
}

/** The SQL of plans and free-trial links. */
export function createPlanRepo(db: Db) {
  return {
    async plan(creatorId: number, conn: Conn = db): Promise<PlanRow | null> {
      const [row] = await conn.select().from(membershipPlans).where(eq(membershipPlans.creatorId, creatorId))
      if (!row) return null
      const bundles = await conn
        .select({ months: membershipBundles.months, discountPercent: membershipBundles.discountPercent })
        .from(membershipBundles)
        .where(eq(membershipBundles.creatorId, creatorId))
        .orderBy(asc(membershipBundles.months))
      return {
        creatorId,
        priceCents: row.priceCents,
        promoPercent: row.promoPercent,
        promoEndsAt: row.promoEndsAt,
        bundles,
      }
    },

    /** Replaces a creator's plan (price, promo, bundles) in one transaction. */
    async savePlan(plan: PlanRow, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const values = {
          priceCents: plan.priceCents,
          promoPercent: plan.promoPercent,
          promoEndsAt: plan.promoEndsAt,
          updatedAt: at,
        }
        await tx
          .insert(membershipPlans)
          .values({ creatorId: plan.creatorId, ...values })
          .onConflictDoUpdate({ target: membershipPlans.creatorId, set: values })
        await tx.delete(membershipBundles).where(eq(membershipBundles.creatorId, plan.creatorId))
        if (plan.bundles.length > 0)
          await tx
            .insert(membershipBundles)
            .values(plan.bundles.map((bundle) => ({ creatorId: plan.creatorId, ...bundle })))
      })
    },

    /**
     * Adds a free-trial link unless the creator already has `maxOpen` open ones (answers null then): counted
     * and written under the creator's lock, so links created at once cannot pass the limit together.
     */
    async insertTrial(
      row: { creatorId: number; code: string; days: number; maxUses: number; createdAt: Date },
      maxOpen: number,
    ): Promise<TrialRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`membership_trials:${row.creatorId}`}, 0))`,
        )
        if ((await openTrialCount(tx, row.creatorId)) >= maxOpen) return null
        const [inserted] = await tx.insert(membershipTrials).values(row).returning()
        if (!inserted) throw new Error('trial link not inserted')
        return inserted
      })
    },

    trials(creatorId: number): Promise<TrialRow[]> {
      return db
        .select()
        .from(membershipTrials)
        .where(eq(membershipTrials.creatorId, creatorId))
        .orderBy(desc(membershipTrials.createdAt), desc(membershipTrials.id))
        .limit(100)
    },

    async trialByCode(code: string, conn: Conn = db): Promise<TrialRow | null> {
      const [row] = await conn.select().from(membershipTrials).where(eq(membershipTrials.code, code))
      return row ?? null
    },

    async revokeTrial(creatorId: number, code: string, at: Date): Promise<TrialRow | null> {
      const [row] = await db
        .update(membershipTrials)
        .set({ revokedAt: sql`coalesce(${membershipTrials.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(membershipTrials.creatorId, creatorId), eq(membershipTrials.code, code)))
        .returning()
      return row ?? null
    },

    /**
     * Takes one use of a trial link for a fan: once per fan and link, and only while the link is open and
     * has uses left (the conditional update holds under concurrent redemptions).
     */
    async redeemTrial(tx: Tx, trialId: number, fanId: number, at: Date): Promise<boolean> {
      const taken = await tx
        .update(membershipTrials)
        .set({ uses: sql`${membershipTrials.uses} + 1` })
        .where(
          and(
            eq(membershipTrials.id, trialId),
            isNull(membershipTrials.revokedAt),
            lt(membershipTrials.uses, membershipTrials.maxUses),
          ),
        )
        .returning({ id: membershipTrials.id })
      if (taken.length === 0) return false
      const inserted = await tx
        .insert(membershipTrialRedemptions)
        .values({ trialId, fanId, createdAt: at })
        .onConflictDoNothing()
        .returning({ fanId: membershipTrialRedemptions.fanId })
      return inserted.length > 0
    },
  }
}

export type PlanRepo = ReturnType<typeof createPlanRepo>
