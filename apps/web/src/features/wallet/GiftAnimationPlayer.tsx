import type { GiftAnimation } from '@velvet/contract'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { playableGiftUrl } from './gift-cache.ts'

/** How long an animation shows (the SVG files run 2.4 s). */
export const GIFT_ANIMATION_MS = 2600

/**
 * Plays a gift animation once over the screen (taps go through it), then calls `onDone`. With reduced
 * motion it shows the still end of a short fade instead.
 */
export function GiftAnimationPlayer({
  animation,
  label,
  onDone,
}: {
  animation: GiftAnimation
  label: string
  onDone: () => void
}) {
  const [source] = useState(() => playableGiftUrl(animation))
  useEffect(() => {
    const timer = setTimeout(onDone, GIFT_ANIMATION_MS)
    return () => {
      clearTimeout(timer)
      source.release()
    }
  }, [onDone, source])
  return createPortal(
    <div className="v-gift-play" role="status" aria-live="polite" data-animation={animation}>
      <img className="v-gift-play__image" src={source.url} alt="" width={320} height={320} />
      <span className="v-gift-play__label">{label}</span>
    </div>,
    document.body,
  )
}
