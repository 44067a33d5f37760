import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import type { Cursor } from './cursor.ts'
import { blocks, follows, userListMembers } from './schema.ts'

/** The people lists: the viewer's followers, the accounts they follow, they blocked, or put in a list. */
export type PeopleSource =
  | { kind: 'followers'; userId: number }
  | { kind: 'following'; userId: number }
  | { kind: 'blocked'; userId: number }
  | { kind: 'members'; listId: number }

export interface PeoplePage {
  viewerId: number
  cursor: Cursor | null
  limit: number
  q: string | undefined
}

export interface PersonRow {
  id: number
  userName: string | null
  nickname: string | null
  portrait: string | null
  userRole: number
  isFollowing: boolean
  /** When the relation began, as the cursor needs it (PostgreSQL text with microseconds). */
  cursor: Cursor
}

function relationOf(source: PeopleSource) {
  switch (source.kind) {
    case 'followers':
      return {
        table: follows,
        person: follows.followerId,
        since: follows.createdAt,
        scope: eq(follows.followeeId, source.userId),
      }
    case 'following':
      return {
        table: follows,
        person: follows.followeeId,
        since: follows.createdAt,
        scope: eq(follows.followerId, source.userId),
      }
    case 'blocked':
      return {
        table: blocks,
        person: blocks.blockedId,
        since: blocks.createdAt,
        scope: eq(blocks.blockerId, source.userId),
      }
    case 'members':
      return {
        table: userListMembers,
        person: userListMembers.userId,
        since: userListMembers.addedAt,
        scope: eq(userListMembers.listId, source.listId),
      }
  }
}

/** `q` as a case-insensitive prefix pattern, with LIKE's own characters taken literally. */
export function prefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Keyset pages of people, newest relation first. Deleted accounts never show; accounts blocked in either
 * direction are left out (their rows stay, so an unblock brings them back), except in the blocked list.
 */
export function createPeopleRepo(db: Db) {
  return {
    async page(source: PeopleSource, page: PeoplePage): Promise<PersonRow[]> {
      const { table, person, since, scope } = relationOf(source)
      const filters: (SQL | undefined)[] = [scope, isNull(users.deletedAt)]
      if (source.kind !== 'blocked') {
        filters.push(sql`not exists (select 1 from blocks as xb where
          (xb.blocker_id = ${page.viewerId} and xb.blocked_id = ${users.id})
          or (xb.blocker_id = ${users.id} and xb.blocked_id = ${page.viewerId}))`)
      }
      if (page.q) {
        const pattern = prefixPattern(page.q)
        filters.push(
          sql`(lower(${users.userName}) like ${pattern} or lower(${users.nickname}) like ${pattern})`,
        )
      }
      if (page.cursor) {
        filters.push(sql`(${since}, ${person}) < (${page.cursor.at}::timestamptz, ${page.cursor.id}::bigint)`)
      }
      const rows = await db
        .select({
          id: users.id,
          userName: users.userName,
          nickname: users.nickname,
          portrait: users.portrait,
          userRole: users.userRole,
          isFollowing: sql<boolean>`exists (select 1 from follows as vf
            where vf.follower_id = ${page.viewerId} and vf.followee_id = ${users.id})`,
          at: sql<string>`to_char(${since} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(table)
        .innerJoin(users, eq(users.id, person))
        .where(and(...filters))
        .orderBy(desc(since), desc(person))
        .limit(page.limit + 1)
      return rows.map(({ at, ...row }) => ({ ...row, cursor: { at, id: row.id } }))
    },
  }
}

export type PeopleRepo = ReturnType<typeof createPeopleRepo>
