import { type GiftAnimation, GiftAnimations } from '@velvet/contract'

/**
 * The gift animation cache (spec §3 client state: "gift animation cache"; §7: "two gift animation files
 * preloaded"). Both SVG files are fetched once, early (when a gift button first shows), and kept as text:
 * each play makes a fresh blob URL of it, so the animation starts from its first frame every time without
 * another request.
 */
const cache = new Map<GiftAnimation, string>()
let loading: Promise<void> | null = null

export function giftAnimationUrl(id: GiftAnimation): string {
  return `/gifts/${id}.svg`
}

export function preloadGiftAnimations(): Promise<void> {
  loading ??= Promise.all(
    GiftAnimations.map(async (id) => {
      try {
        const response = await fetch(giftAnimationUrl(id), { cache: 'force-cache' })
        if (response.ok) cache.set(id, await response.text())
      } catch {
        // Offline: the animation plays from its URL later (or not at all); sending a gift never waits on it.
      }
    }),
  ).then(() => undefined)
  return loading
}

export function isGiftAnimationCached(id: GiftAnimation): boolean {
  return cache.has(id)
}

/** A URL that plays the animation from its start: a fresh blob of the cached file, else the file itself. */
export function playableGiftUrl(id: GiftAnimation): { url: string; release: () => void } {
  const text = cache.get(id)
  if (!text || typeof URL.createObjectURL !== 'function')
    return { url: giftAnimationUrl(id), release: () => {} }
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }))
  return { url, release: () => URL.revokeObjectURL(url) }
}
