import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  doPostShare,
  draftPosts,
  editPost,
  homeFeed,
  initPost,
  likePost,
  pinPost,
  postComments,
  postDetail,
  postEvent,
  savePost,
  scheduledPosts,
  suggestedCreators,
  userPosts,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { EngagementService } from './engagement-service.ts'
import type { PostService } from './service.ts'
import type { PostViewService } from './view-service.ts'

export function registerPostRoutes(
  app: FastifyInstance,
  deps: { posts: PostService; view: PostViewService; engagement: EngagementService },
): void {
  const { posts, view, engagement } = deps
  registerCall(app, initPost, ({ viewer }) => posts.init(viewer))
  registerCall(app, createPost, ({ viewer }) => posts.create(viewer))
  registerCall(app, savePost, ({ viewer, input }) => posts.save(viewer, input))
  registerCall(app, editPost, ({ viewer, input }) => posts.edit(viewer, input.post_id))
  registerCall(app, deletePost, ({ viewer, input }) => posts.remove(viewer, input.post_id))
  registerCall(app, pinPost, ({ viewer, input }) => posts.pin(viewer, input.post_id, input.pinned))
  registerCall(app, draftPosts, ({ viewer, input }) => posts.drafts(viewer, input))
  registerCall(app, scheduledPosts, ({ viewer, input }) => posts.scheduled(viewer, input))

  registerCall(app, postDetail, ({ viewer, input, req }) => view.detail(viewer, input.id, req.ip))
  registerCall(app, userPosts, ({ viewer, input, req }) => view.userPosts(viewer, input, req.ip))
  registerCall(app, homeFeed, ({ viewer, input, req }) => view.homeFeed(viewer, input, req.ip))
  registerCall(app, suggestedCreators, ({ viewer, req }) => view.suggested(viewer, req.ip))

  registerCall(app, likePost, ({ viewer, input, req }) =>
    engagement.like(viewer, input.post_id, input.liked, req.ip),
  )
  registerCall(app, postComments, ({ viewer, input, req }) => engagement.comments(viewer, input, req.ip))
  registerCall(app, addComment, ({ viewer, input, req }) =>
    engagement.addComment(viewer, input.post_id, input.text, req.ip),
  )
  registerCall(app, deleteComment, ({ viewer, input }) => engagement.deleteComment(viewer, input.comment_id))
  registerCall(app, postEvent, ({ viewer, input, req }) => engagement.read(viewer, input.post_id, req.ip))
  registerCall(app, doPostShare, ({ viewer, input, req }) => engagement.share(viewer, input.post_id, req.ip))
}
