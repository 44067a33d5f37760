import {
  addListMember,
  blockedUsers,
  blockUser,
  createUserList,
  deleteUserList,
  followersList,
  followingList,
  followUser,
  removeListMember,
  renameUserList,
  reportContent,
  unblockUser,
  unfollowUser,
  userListMembers,
  userLists,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { ListsService } from './lists-service.ts'
import type { SocialService } from './service.ts'

export function registerSocialRoutes(
  app: FastifyInstance,
  deps: { social: SocialService; lists: ListsService },
): void {
  const { social, lists } = deps
  registerCall(app, followUser, ({ viewer, input, req }) => social.follow(viewer, input.user_id, req.ip))
  registerCall(app, unfollowUser, ({ viewer, input }) => social.unfollow(viewer, input.user_id))
  registerCall(app, followersList, ({ viewer, input }) => social.followers(viewer, input))
  registerCall(app, followingList, ({ viewer, input }) => social.following(viewer, input))

  registerCall(app, userLists, ({ viewer }) => lists.lists(viewer))
  registerCall(app, createUserList, ({ viewer, input }) => lists.create(viewer, input.name))
  registerCall(app, renameUserList, ({ viewer, input }) => lists.rename(viewer, input.list_id, input.name))
  registerCall(app, deleteUserList, ({ viewer, input }) => lists.remove(viewer, input.list_id))
  registerCall(app, userListMembers, ({ viewer, input }) => lists.members(viewer, input.list_id, input))
  registerCall(app, addListMember, ({ viewer, input }) =>
    lists.addMember(viewer, input.list_id, input.user_id),
  )
  registerCall(app, removeListMember, ({ viewer, input }) =>
    lists.removeMember(viewer, input.list_id, input.user_id),
  )

  registerCall(app, blockUser, ({ viewer, input }) => social.block(viewer, input.user_id))
  registerCall(app, unblockUser, ({ viewer, input }) => social.unblock(viewer, input.user_id))
  registerCall(app, blockedUsers, ({ viewer, input }) => social.blocked(viewer, input))
  registerCall(app, reportContent, ({ viewer, input, req }) => social.report(viewer, input, req.ip))
}
