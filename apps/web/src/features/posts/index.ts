// The public entry of the posts feature: what other features may use (docs/decisions.md, "One entry per web
// feature"). Plain re-exports only: screens are routed lazily from the feature's routes.ts
// (each its own chunk) and are not re-exported here unless another feature draws them inline.
export { BlurredPreview, MediaImage } from './MediaImage.tsx'
export { OpenMedia } from './OpenMedia.tsx'
export { PostList } from './PostList.tsx'
export { PostSkeleton } from './PostSkeleton.tsx'
export { updatePost } from './post-cache.ts'
export type { OwnSale } from './post-rules.ts'
export {
  coinsText,
  durationText,
  editPostPath,
  ownSaleOf,
  positiveIdOf,
  postPath,
  tileFacts,
  tileMediaOf,
  timeAgo,
  userPostViewPath,
} from './post-rules.ts'
export {
  useHomeFeed,
  useSuggestedCreators,
  useUserPosts,
  useViewerId,
} from './posts.queries.ts'
export { useFreshUrls } from './use-fresh-urls.ts'
export { flattenPosts, homeHistoryKey, userPostsHistoryKey, viewHistory } from './view-history.ts'
