import { useQueryClient } from '@tanstack/react-query'
import type { Post, PostLock } from '@velvet/contract'
import { Coins, Crown, Lock } from 'lucide-react'
import { useCallback, useEffect, useId, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { Button } from '../../ui/Button.tsx'
import { useWithAccount } from '../auth/index.ts'
import { SubscribeSheet } from '../subs/index.ts'
import { UNLOCK_PARAM, unlockReturnPath, unlockSheet, useUnlockSheetOpen } from '../wallet/index.ts'
import { lockActions, lockSummary } from './post-rules.ts'
import { PostUnlockSheet } from './post-unlock.tsx'

/**
 * Laid over the blurred preview of a locked post: a lock, what the post holds ("3 photos · 2 videos ·
 * 4:12") and what opens it: the price in coins (gold) — which opens the unlock sheet — "Subscribe to
 * see" (the membership sheet), or both. Coming back from buying coins (`?unlock=<post id>`) reopens the unlock.
 */
export function LockPanel({ lock, post }: { lock: PostLock; post?: Post }) {
  const summary = lockSummary(lock)
  const owner = useId()
  const open = useUnlockSheetOpen(owner)
  const withAccount = useWithAccount()
  const { pathname } = useLocation()
  const [params, setParams] = useSearchParams()
  const postId = post?.post_id ?? null
  const returning = postId !== null && params.get(UNLOCK_PARAM) === String(postId)

  useEffect(() => {
    if (!returning || postId === null) return
    unlockSheet.claim(postId, owner)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(UNLOCK_PARAM)
        return next
      },
      { replace: true },
    )
  }, [returning, postId, owner, setParams])
  useEffect(() => () => unlockSheet.close(owner), [owner])
  const close = useCallback(() => unlockSheet.close(owner), [owner])
  const client = useQueryClient()
  const [subscribing, setSubscribing] = useState(false)
  const closeSubscribe = useCallback(() => setSubscribing(false), [])
  // A new member sees the creator's members posts: every cached post and feed is fetched again.
  const subscribed = useCallback(() => {
    setSubscribing(false)
    void client.invalidateQueries({ queryKey: postKeys.all })
    void client.invalidateQueries({ queryKey: feedKeys.all })
  }, [client])

  const search = params.toString()
  return (
    <div className="v-lock">
      <span className="v-lock__badge" aria-hidden="true">
        <Lock />
      </span>
      <p className="v-lock__title">
        <span className="v-visually-hidden">Locked post. </span>
        {summary || 'Locked post'}
      </p>
      <div className="v-lock__actions">
        {lockActions(lock).map((action) =>
          action.kind === 'unlock' ? (
            <button
              key={action.kind}
              type="button"
              className="v-lock__unlock"
              onClick={() =>
                withAccount(() => (postId !== null ? unlockSheet.open(postId, owner) : undefined))
              }
            >
              <Coins aria-hidden="true" />
              {action.label}
            </button>
          ) : (
            <Button
              key={action.kind}
              size="md"
              icon={<Crown />}
              onClick={() => withAccount(() => setSubscribing(true))}
            >
              {action.label}
            </Button>
          ),
        )}
      </div>
      {post && subscribing ? (
        <SubscribeSheet
          creatorId={post.author.user_id}
          open
          onClose={closeSubscribe}
          onSubscribed={subscribed}
          returnPath={`${pathname}${search ? `?${search}` : ''}`}
        />
      ) : null}
      {post && open && lock.price !== null ? (
        <PostUnlockSheet
          post={post}
          price={lock.price}
          open
          onClose={close}
          returnTo={unlockReturnPath(pathname, search ? `?${search}` : '', post.post_id)}
        />
      ) : null}
    </div>
  )
}
