import { z } from 'zod'
import { Social } from '../constants.ts'
import { Id, QueryId } from '../rules/ids.ts'
import { LineText, MultilineText } from '../rules/text.ts'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'
import { PageQuery, PeopleQuery, pageOf, UserCard } from './profile.ts'

// ---- Lists the user made (/user/list), e.g. "VIP fans" ----

export const ListName = LineText.trim()
  .min(1, { message: 'Give the list a name.' })
  .max(Social.listNameMax, { message: `A list name is at most ${Social.listNameMax} characters.` })

export const ListId = Id

export const UserList = z.object({
  list_id: ListId,
  name: z.string(),
  member_count: z.number().int().min(0),
  /** Unix seconds. */
  created_at: z.number().int(),
})
export type UserList = z.infer<typeof UserList>

export const userLists = defineCall({
  method: 'GET',
  path: '/fapi/core/user/lists/',
  access: 'account',
  summary: "The viewer's own lists, oldest first.",
  response: z.object({ lists: z.array(UserList) }),
})

export const createUserList = defineCall({
  method: 'POST',
  path: '/fapi/core/user/lists/create/',
  access: 'account',
  summary: `Create a list (names unique per owner, case-insensitive; at most ${Social.listsPerUser}).`,
  input: z.object({ name: ListName }),
  response: z.object({ list: UserList }),
})

export const renameUserList = defineCall({
  method: 'POST',
  path: '/fapi/core/user/lists/rename/',
  access: 'account',
  summary: 'Rename one of the viewer’s lists.',
  input: z.object({ list_id: ListId, name: ListName }),
  response: z.object({ list: UserList }),
})

export const deleteUserList = defineCall({
  method: 'POST',
  path: '/fapi/core/user/lists/delete/',
  access: 'account',
  summary: 'Delete one of the viewer’s lists (the people in it are not touched).',
  input: z.object({ list_id: ListId }),
  response: z.object({}),
})

export const userListMembers = defineCall({
  method: 'GET',
  path: '/fapi/core/user/lists/members/',
  access: 'account',
  summary: 'The people in one of the viewer’s lists, newest first, with search.',
  input: PeopleQuery.extend({ list_id: QueryId }),
  response: pageOf(UserCard),
})

export const addListMember = defineCall({
  method: 'POST',
  path: '/fapi/core/user/lists/add_member/',
  access: 'account',
  summary: 'Add a user to one of the viewer’s lists (idempotent).',
  input: z.object({ list_id: ListId, user_id: UserId }),
  response: z.object({ list: UserList }),
})

export const removeListMember = defineCall({
  method: 'POST',
  path: '/fapi/core/user/lists/remove_member/',
  access: 'account',
  summary: 'Remove a user from one of the viewer’s lists (idempotent).',
  input: z.object({ list_id: ListId, user_id: UserId }),
  response: z.object({ list: UserList }),
})

// ---- Blocking (/user/blocked) ----

/** What a block does, in the words of every screen that blocks, lists blocks or explains them. */
export const BlockTexts = {
  effect: "They can't see your profile or posts, message you, send gifts or subscribe.",
  /** The one-line hint of the Block action. */
  short: "They can't see your profile, message you, gift or subscribe",
  notTold: "They aren't told that you blocked them.",
} as const

export const blockUser = defineCall({
  method: 'POST',
  path: '/fapi/core/user/block/',
  access: 'account',
  summary:
    'Block a user (idempotent): they can no longer see the profile or posts, message, gift or subscribe.',
  input: z.object({ user_id: UserId }),
  response: z.object({ is_blocked: z.literal(true) }),
})

export const unblockUser = defineCall({
  method: 'POST',
  path: '/fapi/core/user/unblock/',
  access: 'account',
  summary: 'Unblock a user (idempotent); follows and list memberships come back as they were.',
  input: z.object({ user_id: UserId }),
  response: z.object({ is_blocked: z.literal(false) }),
})

export const blockedUsers = defineCall({
  method: 'GET',
  path: '/fapi/core/user/blocked/',
  access: 'account',
  summary: 'The accounts the viewer blocked, newest first.',
  input: PageQuery,
  response: pageOf(UserCard),
})

// ---- Reports for moderation ----

export const ReportReason = z.enum([
  'underage',
  'non_consensual',
  'impersonation',
  'spam_scam',
  'harassment',
  'illegal',
  'copyright',
  'other',
])
export type ReportReason = z.infer<typeof ReportReason>

/** The reasons as the report sheet lists them, in this order. */
export const ReportReasonLabels: Record<ReportReason, string> = {
  underage: 'May be under 18',
  non_consensual: 'Content shared without consent',
  impersonation: 'Pretending to be someone else',
  spam_scam: 'Spam or scam',
  harassment: 'Harassment or hate',
  illegal: 'Illegal content',
  copyright: 'Uses my content without permission',
  other: 'Something else',
}

/** What can be reported: a user, or a post the reporter can see. */
export const ReportTarget = z.enum(['user', 'post'])
export type ReportTarget = z.infer<typeof ReportTarget>

export const reportContent = defineCall({
  method: 'POST',
  path: '/fapi/core/moderation/report/',
  access: 'account',
  summary: 'Report a user or a post for moderation with a reason (one open report per reporter and target).',
  input: z.object({
    target_type: ReportTarget,
    /** A user id, or a post id when target_type is post. */
    target_id: Id,
    reason: ReportReason,
    details: MultilineText.trim()
      .max(Social.reportDetailsMax, { message: `At most ${Social.reportDetailsMax} characters.` })
      .default(''),
  }),
  response: z.object({ report_id: z.number().int().positive() }),
})
