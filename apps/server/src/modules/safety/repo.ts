import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { type Db, isUniqueViolation } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { blockedLocations } from './schema.ts'

export type BlockedLocationRow = typeof blockedLocations.$inferSelect

/** Which of these owners blocked any place: asked for every feed page, so a named prepared statement. */
function prepareOwnersWithLocations(db: Db) {
  return db
    .selectDistinct({ userId: blockedLocations.userId })
    .from(blockedLocations)
    .where(sql`${blockedLocations.userId} = any(${sql.placeholder('userIds')}::bigint[])`)
    .prepare('safety_owners_with_locations')
}

/** Every SQL statement of the safety module. */
export function createSafetyRepo(db: Db) {
  let ownersWithLocationsQuery: ReturnType<typeof prepareOwnersWithLocations> | undefined
  return {
    async locationsOf(userId: number): Promise<BlockedLocationRow[]> {
      return db
        .select()
        .from(blockedLocations)
        .where(eq(blockedLocations.userId, userId))
        .orderBy(asc(blockedLocations.createdAt), asc(blockedLocations.id))
    },

    async locationById(id: number): Promise<BlockedLocationRow | undefined> {
      const [row] = await db.select().from(blockedLocations).where(eq(blockedLocations.id, id))
      return row
    },

    async hasAnyLocation(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: blockedLocations.id })
        .from(blockedLocations)
        .where(eq(blockedLocations.userId, userId))
        .limit(1)
      return rows.length > 0
    },

    /** Of these owners, the ones who blocked any place (one statement for a page of authors). */
    async ownersWithLocations(userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set()
      ownersWithLocationsQuery ??= prepareOwnersWithLocations(db)
      const rows = await ownersWithLocationsQuery.execute({ userIds })
      return new Set(rows.map((row) => Number(row.userId)))
    },

    /** Of these owners, the ones who blocked the country as a whole or the country's region. */
    async ownersBlockingPlace(
      userIds: number[],
      country: string,
      region: string | null,
    ): Promise<Set<number>> {
      if (userIds.length === 0) return new Set()
      const regionMatch =
        region === null ? isNull(blockedLocations.region) : eq(blockedLocations.region, region)
      const rows = await db
        .selectDistinct({ userId: blockedLocations.userId })
        .from(blockedLocations)
        .where(
          and(
            inArray(blockedLocations.userId, userIds),
            eq(blockedLocations.country, country),
            or(isNull(blockedLocations.region), regionMatch),
          ),
        )
      return new Set(rows.map((row) => row.userId))
    },

    /** Inserts a place; the unique index (user, country, region) refuses a duplicate, also under a race. */
    async insertLocation(row: {
      userId: number
      country: string
      region: string | null
      createdAt: Date
    }): Promise<BlockedLocationRow> {
      try {
        const [inserted] = await db.insert(blockedLocations).values(row).returning()
        if (!inserted) throw new Error('insert blocked_locations returned nothing')
        return inserted
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('LocationAlreadyBlocked')
        throw error
      }
    },

    /** Deletes one of the owner's rows; false when no such row belongs to the owner. */
    async deleteLocation(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(blockedLocations)
        .where(and(eq(blockedLocations.id, id), eq(blockedLocations.userId, userId)))
        .returning({ id: blockedLocations.id })
      return rows.length > 0
    },

    /** Whether the owner blocked the country as a whole, or the country's region. */
    async blocksPlace(userId: number, country: string, region: string | null): Promise<boolean> {
      const regionMatch =
        region === null ? isNull(blockedLocations.region) : eq(blockedLocations.region, region)
      const rows = await db
        .select({ id: blockedLocations.id })
        .from(blockedLocations)
        .where(
          and(
            eq(blockedLocations.userId, userId),
            eq(blockedLocations.country, country),
            or(isNull(blockedLocations.region), regionMatch),
          ),
        )
        .limit(1)
      return rows.length > 0
    },
  }
}

export type SafetyRepo = ReturnType<typeof createSafetyRepo>
