import { z } from 'zod'
import { QueryId } from '../rules/ids.ts'
import { Bio, Nickname } from '../rules/profile.ts'
import { LineText } from '../rules/text.ts'
import { Username } from '../rules/username.ts'
import { SessionUser, UserId } from './auth.ts'
import { defineCall } from './define.ts'

/** A query-string id (GET params arrive as text). */
export const QueryUserId = QueryId

/** Keyset page request: `cursor` is opaque text from the previous page's answer. */
export const PageQuery = z.object({
  cursor: LineText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
})

/** Keyset page answer fields (DESIGN §3): `cursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), cursor: z.string().nullable(), has_next: z.boolean() })
}

export const ProfileCounts = z.object({
  posts: z.number().int().min(0),
  followers: z.number().int().min(0),
  following: z.number().int().min(0),
  likes: z.number().int().min(0),
})
export type ProfileCounts = z.infer<typeof ProfileCounts>

/** A profile as another user (or its owner) sees it. Never carries e-mail, birthday or verification data. */
export const PublicProfile = z.object({
  user_id: UserId,
  user_name: z.string(),
  nickname: z.string().nullable(),
  portrait: z.string().nullable(),
  bio: z.string(),
  user_role: z.number().int(),
  /** A creator who passed identity verification. */
  verified: z.boolean(),
  counts: ProfileCounts,
  /** Unix seconds. */
  joined_at: z.number().int(),
  is_self: z.boolean(),
  is_following: z.boolean(),
  /** The viewer has blocked this user (the profile shows an unblock button instead of its content). */
  is_blocked_by_me: z.boolean(),
})
export type PublicProfile = z.infer<typeof PublicProfile>

/** A row of a people list (followers, following, blocked, list members, search). */
export const UserCard = z.object({
  user_id: UserId,
  user_name: z.string().nullable(),
  nickname: z.string().nullable(),
  portrait: z.string().nullable(),
  user_role: z.number().int(),
  verified: z.boolean(),
  is_following: z.boolean(),
  /** Unix seconds: when the relation shown by the list began (followed, blocked, added). */
  since: z.number().int(),
})
export type UserCard = z.infer<typeof UserCard>

export const ProfileLookup = z
  .object({
    /** Without the leading @. Old usernames resolve for 30 days after a change. */
    user_name: LineText.trim().min(1).max(64).optional(),
    user_id: QueryUserId.optional(),
  })
  .refine((v) => (v.user_name === undefined) !== (v.user_id === undefined), {
    message: 'Give either user_name or user_id.',
    params: { rule: 'profile.lookup' },
  })

export const profileView = defineCall({
  method: 'GET',
  path: '/fapi/core/user/profile/',
  access: 'session',
  summary:
    'A profile by user name (or id). 30023 when it does not exist, the owner blocked the viewer, or the viewer is in a blocked location.',
  input: ProfileLookup,
  response: z.object({
    profile: PublicProfile,
    /** Set when the name asked for is an old one: the client replaces the URL with this name. */
    canonical_user_name: z.string().nullable(),
  }),
})

export const ProfileEdit = z
  .object({ nickname: Nickname.optional(), user_name: Username.optional(), bio: Bio.optional() })
  .refine((v) => v.nickname !== undefined || v.user_name !== undefined || v.bio !== undefined, {
    message: 'Nothing to change.',
    params: { rule: 'profile.empty' },
  })

export const profileUpdate = defineCall({
  method: 'POST',
  path: '/fapi/core/user/profile/update/',
  access: 'account',
  summary:
    'Change nickname, username (old name redirects for 30 days and stays reserved) and bio; other sessions get user_info_change.',
  input: ProfileEdit,
  response: z.object({ user: SessionUser }),
})

export const followUser = defineCall({
  method: 'POST',
  path: '/fapi/core/user/follow/',
  access: 'account',
  summary: 'Follow a user (idempotent). Refused for oneself and across a block.',
  input: z.object({ user_id: UserId }),
  response: z.object({ is_following: z.literal(true), followers: z.number().int().min(0) }),
})

export const unfollowUser = defineCall({
  method: 'POST',
  path: '/fapi/core/user/unfollow/',
  access: 'account',
  summary: 'Stop following a user (idempotent).',
  input: z.object({ user_id: UserId }),
  response: z.object({ is_following: z.literal(false), followers: z.number().int().min(0) }),
})

export const PeopleQuery = PageQuery.extend({
  /** Matches the start of a user name or nickname, case-insensitive. */
  q: LineText.trim().max(40).optional(),
})

export const followersList = defineCall({
  method: 'GET',
  path: '/fapi/core/user/followers/',
  access: 'account',
  summary: "The viewer's followers, newest first, with search (fan lists are private to their owner).",
  input: PeopleQuery,
  response: pageOf(UserCard),
})

export const followingList = defineCall({
  method: 'GET',
  path: '/fapi/core/user/following/',
  access: 'account',
  summary: 'The accounts the viewer follows, newest first, with search.',
  input: PeopleQuery,
  response: pageOf(UserCard),
})
