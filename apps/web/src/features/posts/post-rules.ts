import {
  type ImageSource,
  type Post,
  type PostLock,
  type PostMedia,
  type PostsFilter,
  PostTexts,
  Visibility,
} from '@velvet/contract'

const PACIFIC = 'America/Los_Angeles'
const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: PACIFIC, month: 'short', day: 'numeric' })
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})
const yearOf = new Intl.DateTimeFormat('en-US', { timeZone: PACIFIC, year: 'numeric' })

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date: "Mar 4", with the
 * year when it is not this year (Pacific calendar, spec §9). A time slightly ahead of the clock is "just now".
 */
export function timeAgo(seconds: number, nowSeconds: number): string {
  const age = nowSeconds - seconds
  if (age < MINUTE) return 'just now'
  if (age < HOUR) return `${plural(Math.floor(age / MINUTE), 'minute')} ago`
  if (age < DAY) return `${plural(Math.floor(age / HOUR), 'hour')} ago`
  if (age < 2 * DAY) return 'yesterday'
  if (age < 7 * DAY) return `${Math.floor(age / DAY)} days ago`
  const date = new Date(seconds * 1000)
  const sameYear = yearOf.format(date) === yearOf.format(new Date(nowSeconds * 1000))
  return (sameYear ? monthDay : monthDayYear).format(date)
}

/** A video length: "0:07", "4:12", "1:02:03". */
export function durationText(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(whole / HOUR)
  const minutes = Math.floor((whole % HOUR) / MINUTE)
  const seconds = String(whole % MINUTE).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** "1 coin", "120 coins", "10,000 coins": a price is exact, never abbreviated. */
export function coinsText(coins: number): string {
  return `${coins.toLocaleString('en-US')} ${coins === 1 ? 'coin' : 'coins'}`
}

/** What a locked post holds: "3 photos · 2 videos · 4:12" (parts that are zero are left out). */
export function lockSummary(lock: Pick<PostLock, 'images' | 'videos' | 'duration'>): string {
  const parts: string[] = []
  if (lock.images > 0) parts.push(plural(lock.images, 'photo'))
  if (lock.videos > 0) parts.push(plural(lock.videos, 'video'))
  if (lock.videos > 0 && lock.duration > 0) parts.push(durationText(lock.duration))
  return parts.join(' · ')
}

export type LockAction =
  | { kind: 'unlock'; label: string; price: number }
  | { kind: 'subscribe'; label: string }

/**
 * The buttons of a locked post: PPV buys it, Members subscribes, MembersAndPPV offers both (members see it
 * free, so subscribing comes first). A paid lock without a price offers no purchase.
 */
export function lockActions(lock: Pick<PostLock, 'reason' | 'price'>): LockAction[] {
  const subscribe: LockAction = { kind: 'subscribe', label: PostTexts.subscribeToSee }
  const unlock: LockAction[] =
    lock.price === null
      ? []
      : [{ kind: 'unlock', label: `Unlock for ${coinsText(lock.price)}`, price: lock.price }]
  if (lock.reason === 'ppv') return unlock
  if (lock.reason === 'members') return [subscribe]
  return [subscribe, ...unlock]
}

/** A `srcset` of one format of an image's renditions: "url 480w, url 960w". */
export function srcSetOf(images: readonly ImageSource[], format: 'webp' | 'jpeg'): string {
  return images.map((image) => `${image[format]} ${image.width}w`).join(', ')
}

/** The largest rendition that is at most `width` wide (else the smallest): the JPEG `src` fallback. */
export function fallbackImage(images: readonly ImageSource[], width: number): ImageSource | undefined {
  const fitting = images.filter((image) => image.width <= width)
  return fitting.at(-1) ?? images[0]
}

/** The media area's ratio (width / height), from the first media, kept between 4:5 and 1.91:1. */
export function mediaBoxRatio(media: readonly Pick<PostMedia, 'width' | 'height'>[]): number {
  const first = media[0]
  if (!first?.width || !first.height) return 1
  return Math.min(1.91, Math.max(0.8, first.width / first.height))
}

/**
 * How a media fills the area: cropped when its own ratio is close to the area's (no visible loss), shown
 * whole on a dark ground otherwise (a tall photo in a wide post is not cut in half).
 */
export function mediaFit(media: Pick<PostMedia, 'width' | 'height'>, boxRatio: number): 'cover' | 'contain' {
  if (!media.width || !media.height) return 'cover'
  const ratio = media.width / media.height
  return Math.abs(ratio / boxRatio - 1) <= 0.12 ? 'cover' : 'contain'
}

/** The expiry (unix seconds) a signed media URL carries in its `e` parameter, or null. */
export function urlExpiresAt(url: string): number | null {
  const query = url.indexOf('?')
  if (query < 0) return null
  const value = Number(new URLSearchParams(url.slice(query + 1)).get('e'))
  return Number.isFinite(value) && value > 0 ? value : null
}

/** The first moment one of the post's signed URLs stops working, or null when it carries none. */
export function postUrlsExpireAt(post: Pick<Post, 'media'>): number | null {
  let earliest: number | null = null
  for (const item of post.media) {
    if (!item.urls) continue
    const urls = [
      ...item.urls.images.flatMap((image) => [image.webp, image.jpeg]),
      item.urls.hls,
      item.urls.mp4,
    ]
    for (const url of urls) {
      const expires = url ? urlExpiresAt(url) : null
      if (expires !== null && (earliest === null || expires < earliest)) earliest = expires
    }
  }
  return earliest
}

/** The media a grid tile shows: the cover when set, else the first. */
export function tileMediaOf(post: Pick<Post, 'media' | 'cover_media_id'>): PostMedia | undefined {
  return post.media.find((item) => item.media_id === post.cover_media_id) ?? post.media[0]
}

/** The profile of a post's author or a commenter, or null for an account without a user name yet. */
export function personPath(person: { user_name: string | null }): string | null {
  return person.user_name ? `/@${person.user_name}` : null
}

/** /post?id= (with the place to go back to, spec §2). */
export function postPath(postId: number, redirect?: string): string {
  const query = new URLSearchParams({ id: String(postId) })
  if (redirect) query.set('redirect', redirect)
  return `/post?${query}`
}

/** The composer opened on one of the viewer's posts (the publish screen's route, spec §2 Content). */
export function editPostPath(postId: number): string {
  return `/publish?post_id=${postId}`
}

/** /user/post_view: one creator's posts, opened at `postId`. */
export function userPostViewPath(userId: number, postId: number, filter: PostsFilter = 'all'): string {
  const query = new URLSearchParams({ user_id: String(userId), id: String(postId) })
  if (filter !== 'all') query.set('filter', filter)
  return `/user/post_view?${query}`
}

/** A positive whole number from a query parameter, or null. */
export function positiveIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

/** When the post appeared: its publication, else its creation (drafts seen by their author). */
export function postTime(post: Pick<Post, 'published_at' | 'created_at'>): number {
  return post.published_at ?? post.created_at
}

export type Slide = { kind: 'media'; media: PostMedia } | { kind: 'locked'; media: PostMedia }

/**
 * The carousel of a post for this viewer: every media it may see (all of them, or the teasers of a locked
 * post) in the creator's order, then, when locked, one blurred slide standing for the rest.
 */
export function slidesOf(post: Pick<Post, 'media' | 'lock'>): Slide[] {
  const slides: Slide[] = post.media.filter((item) => item.urls).map((media) => ({ kind: 'media', media }))
  const firstLocked = post.media.find((item) => !item.urls)
  if (post.lock && firstLocked) slides.push({ kind: 'locked', media: firstLocked })
  return slides
}

/** A caption is folded (with a "more" button) past this many characters or lines. */
export const CaptionFold = { chars: 240, lines: 4 } as const

export function isLongCaption(caption: string): boolean {
  return caption.length > CaptionFold.chars || caption.split('\n').length > CaptionFold.lines
}

export interface TileFacts {
  /** What a screen reader hears for the tile: "Pinned. 3 photos. Locked, 120 coins". */
  label: string
  /** Seconds, for a post whose first media is a video. */
  duration: number | null
  /** More than one photo or video. */
  multiple: boolean
}

/** How a creator's own post is sold: to members, for coins, or both (nothing is locked for its author). */
export interface OwnSale {
  members: boolean
  /** Coins, when the post is for sale. */
  price: number | null
}

/** The sale marks of the viewer's own paid post (null: not theirs, free, or locked for them anyway). */
export function ownSaleOf(post: Pick<Post, 'is_mine' | 'lock' | 'visibility' | 'price'>): OwnSale | null {
  if (!post.is_mine || post.lock || post.visibility === Visibility.Everyone) return null
  const members = post.visibility === Visibility.Members || post.visibility === Visibility.MembersAndPPV
  const forSale = post.visibility === Visibility.PPV || post.visibility === Visibility.MembersAndPPV
  return { members, price: forSale ? post.price : null }
}

/** "For members", "For sale, 40 coins", "For members, or 30 coins". */
export function ownSaleText(sale: OwnSale): string {
  if (sale.price === null) return 'For members'
  return sale.members ? `For members, or ${coinsText(sale.price)}` : `For sale, ${coinsText(sale.price)}`
}

/** What a profile grid tile shows about a post besides its picture. */
export function tileFacts(
  post: Pick<Post, 'media' | 'cover_media_id' | 'pinned' | 'lock' | 'is_mine' | 'visibility' | 'price'>,
): TileFacts {
  const shown = tileMediaOf(post)
  const images = post.media.filter((item) => item.kind === 'image').length
  const videos = post.media.length - images
  const parts: string[] = []
  if (post.pinned) parts.push('Pinned')
  parts.push(lockSummary({ images, videos, duration: 0 }) || 'Post')
  if (post.lock) {
    parts.push(post.lock.price === null ? 'Locked, for members' : `Locked, ${coinsText(post.lock.price)}`)
  }
  const sale = ownSaleOf(post)
  if (sale) parts.push(ownSaleText(sale))
  return {
    label: parts.join('. '),
    duration: shown?.kind === 'video' ? shown.duration : null,
    multiple: post.media.length > 1,
  }
}
