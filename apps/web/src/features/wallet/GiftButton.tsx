import type { PostAuthor } from '@velvet/contract'
import { Gift } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { useWithAccount } from '../auth/index.ts'
import { GiftAnimationPlayer } from './GiftAnimationPlayer.tsx'
import { GiftSheet, type SentGift } from './GiftSheet.tsx'
import { preloadGiftAnimations } from './gift-cache.ts'

/**
 * "Send a gift" on a post (the actions bar) or a profile (the action buttons): opens the gift picker for
 * a guest only after signing in, and plays the gift's animation once it is sent. Showing the button
 * preloads the two animation files.
 */
export function GiftButton({
  creator,
  postId = null,
  variant = 'action',
}: {
  creator: Pick<PostAuthor, 'user_id' | 'user_name' | 'nickname'>
  postId?: number | null
  /** action: the post actions bar; icon: a round icon button (profiles). */
  variant?: 'action' | 'icon'
}) {
  const [open, setOpen] = useState(false)
  const [playing, setPlaying] = useState<SentGift | null>(null)
  const withAccount = useWithAccount()
  useEffect(() => void preloadGiftAnimations(), [])
  const close = useCallback(() => setOpen(false), [])
  const done = useCallback(() => setPlaying(null), [])
  const onSent = useCallback((gift: SentGift) => {
    setOpen(false)
    // The animation says "<gift> sent" itself (and stays a status line with reduced motion).
    setPlaying(gift)
  }, [])
  return (
    <>
      <button
        type="button"
        className={variant === 'icon' ? 'v-icon-button v-gift-button--icon' : 'v-post__action v-gift-button'}
        aria-label="Send a gift"
        onClick={() => withAccount(() => setOpen(true))}
      >
        <Gift aria-hidden="true" />
      </button>
      {open ? <GiftSheet open onClose={close} creator={creator} postId={postId} onSent={onSent} /> : null}
      {playing ? (
        <GiftAnimationPlayer animation={playing.animation} label={`${playing.name} sent`} onDone={done} />
      ) : null}
    </>
  )
}
