import type { SessionUser } from '@velvet/contract'
import type { UserRow } from './schema.ts'

/** The user as its own session sees it. Every field is listed: a new column never leaks by itself. */
export function presentSessionUser(row: UserRow, portraitUrl: (key: string) => string): SessionUser {
  return {
    user_id: row.id,
    user_name: row.userName,
    user_role: row.userRole,
    user_type: row.userType,
    nickname: row.nickname,
    portrait: row.portrait ? portraitUrl(row.portrait) : null,
    bio: row.bio,
    email: row.email,
    referrer_code: row.referrerCode,
    needs_profile: row.userType === 0 && row.profileCompletedAt === null,
  }
}
