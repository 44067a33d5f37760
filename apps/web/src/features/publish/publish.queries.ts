import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  type CallData,
  type CallInput,
  createPost,
  deletePost,
  draftPosts,
  editPost,
  initPost,
  postDetail,
  savePost,
  scheduledPosts,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { sessionStore } from '../auth/index.ts'
import { useViewerId } from '../posts/index.ts'
import { profileKeys } from '../profile/index.ts'

/** Query keys of the creator's own posts in the making (STYLE §10), per viewer. */
export const publishKeys = {
  all: ['publish'] as const,
  draftCount: (viewerId: number) => [...publishKeys.all, viewerId, 'draft-count'] as const,
  drafts: (viewerId: number) => [...publishKeys.all, viewerId, 'drafts'] as const,
  scheduled: (viewerId: number) => [...publishKeys.all, viewerId, 'scheduled'] as const,
  outcome: (viewerId: number, postId: number) => [...publishKeys.all, viewerId, 'outcome', postId] as const,
}

/**
 * The post open in the composer: its own root, never invalidated with the lists. Asking editPost again
 * would turn a post just scheduled back into a draft (spec §4).
 */
export const composerKeys = {
  all: ['publish-composer'] as const,
  post: (viewerId: number, postId: number) => [...composerKeys.all, viewerId, postId] as const,
}

export type PostPage = CallData<typeof draftPosts>
const PAGE_SIZE = 20

/** After a save or a delete: the feed, every post list, the own lists and counts, and the own profile. */
export function invalidateAfterChange(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: postKeys.all })
  void client.invalidateQueries({ queryKey: feedKeys.all })
  void client.invalidateQueries({ queryKey: publishKeys.all })
  const session = sessionStore.get()
  if (session.kind === 'account' && session.user.user_name) {
    void client.invalidateQueries({
      queryKey: profileKeys.byName(session.user.user_id, session.user.user_name),
    })
  }
}

/** spec §7 post/init: how many drafts the creator has. */
export function useDraftCount() {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: publishKeys.draftCount(viewerId ?? 0),
    queryFn: async ({ signal }) => (await api.call(initPost, undefined, { signal })).draft_num,
    enabled: viewerId !== null,
  })
}

/**
 * A new draft for the composer (spec §4, §7 post/create from=1). One per visit: the answer is kept per
 * history entry, so a double mount or a re-render never makes two drafts.
 */
const started = new Map<string, Promise<CallData<typeof createPost>>>()
export function startDraft(historyKey: string): Promise<CallData<typeof createPost>> {
  let pending = started.get(historyKey)
  if (!pending) {
    pending = api.call(createPost, { from: 1 })
    pending.catch(() => started.delete(historyKey))
    started.set(historyKey, pending)
  }
  return pending
}

/** Opens a post in the composer (a scheduled one becomes a draft again, spec §4). Asked once per visit. */
export function useEditPost(postId: number, enabled: boolean) {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: composerKeys.post(viewerId ?? 0, postId),
    queryFn: ({ signal }) => api.call(editPost, { post_id: postId }, { signal }),
    enabled: enabled && viewerId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  })
}

/** The creator's drafts (last edited first) or scheduled posts (soonest first), keyset pages. */
export function useOwnPosts(kind: 'drafts' | 'scheduled') {
  const viewerId = useViewerId()
  const call = kind === 'drafts' ? draftPosts : scheduledPosts
  return useInfiniteQuery({
    queryKey: kind === 'drafts' ? publishKeys.drafts(viewerId ?? 0) : publishKeys.scheduled(viewerId ?? 0),
    queryFn: ({ pageParam, signal }) => api.call(call, { cursor: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: PostPage) => (page.has_next && page.cursor ? page.cursor : undefined),
    enabled: viewerId !== null,
  })
}

/** Saves the composer's post as a draft, scheduled or published (the composer refreshes the caches). */
export function useSavePost() {
  return useMutation({ mutationFn: (input: CallInput<typeof savePost>) => api.call(savePost, input) })
}

/** Deletes a draft left empty, quietly (nobody asked for it; a failure changes nothing for the user). */
export function discardDraft(client: QueryClient, postId: number): void {
  api
    .call(deletePost, { post_id: postId })
    .then(() => invalidateAfterChange(client))
    .catch(() => undefined)
}

export function useDeletePost() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (postId: number) => api.call(deletePost, { post_id: postId }),
    onSuccess: () => invalidateAfterChange(client),
  })
}

/** The post /publish/success reports on (published now, or scheduled). */
export function usePublishedPost(postId: number | null) {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: publishKeys.outcome(viewerId ?? 0, postId ?? 0),
    queryFn: ({ signal }) => api.call(postDetail, { id: postId ?? 0 }, { signal }),
    enabled: viewerId !== null && postId !== null,
  })
}
