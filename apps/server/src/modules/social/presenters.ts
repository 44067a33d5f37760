import type { ProfileCounts, UserCard, UserList } from '@velvet/contract'
import { UserRole } from '@velvet/contract'
import type { UserListRow } from './lists-repo.ts'
import type { PersonRow } from './people-repo.ts'
import type { Counts } from './repo.ts'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** A row of a people list. Every field is listed: nothing of the user row leaks by itself. */
export function presentUserCard(row: PersonRow, portraitUrl: (key: string) => string): UserCard {
  return {
    user_id: row.id,
    user_name: row.userName,
    nickname: row.nickname,
    portrait: row.portrait ? portraitUrl(row.portrait) : null,
    user_role: row.userRole,
    verified: row.userRole === UserRole.Creator,
    is_following: row.isFollowing,
    since: seconds(new Date(row.cursor.at)),
  }
}

export function presentUserList(row: UserListRow): UserList {
  return {
    list_id: row.id,
    name: row.name,
    member_count: row.memberCount,
    created_at: seconds(row.createdAt),
  }
}

export function presentCounts(counts: Counts): ProfileCounts {
  return {
    posts: counts.posts,
    followers: counts.followers,
    following: counts.following,
    likes: counts.likes,
  }
}
