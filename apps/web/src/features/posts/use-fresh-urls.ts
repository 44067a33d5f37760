import { useQueryClient } from '@tanstack/react-query'
import type { Post } from '@velvet/contract'
import { useCallback, useEffect, useRef } from 'react'
import { api } from '../../lib/api/index.ts'
import { refreshPost } from './post-cache.ts'
import { postUrlsExpireAt } from './post-rules.ts'
import { useViewerId } from './posts.queries.ts'

/** A post is fetched again at most this often for its URLs (a broken file must not loop). */
const REFRESH_COOLDOWN_MS = 10_000
/** URLs this close to their expiry are renewed before the browser asks for them. */
const EXPIRY_MARGIN_SECONDS = 5

/**
 * Signed media URLs live five minutes (Media.signedUrlSeconds). A card whose URLs already expired (a
 * restored list, a long pause) fetches its post again before showing them; the returned callback does
 * the same when a file fails to load (403).
 */
export function useFreshUrls(post: Post): () => void {
  const client = useQueryClient()
  const viewerId = useViewerId()
  const lastRefresh = useRef(0)
  const postId = post.post_id

  const refresh = useCallback(() => {
    if (viewerId === null) return
    const now = Date.now()
    if (now - lastRefresh.current < REFRESH_COOLDOWN_MS) return
    lastRefresh.current = now
    void refreshPost(client, viewerId, postId)
  }, [client, viewerId, postId])

  const expiresAt = postUrlsExpireAt(post)
  useEffect(() => {
    if (expiresAt === null) return
    const left = expiresAt - api.clock.nowSeconds() - EXPIRY_MARGIN_SECONDS
    if (left <= 0) refresh()
  }, [expiresAt, refresh])

  return refresh
}
