import {
  Caption,
  coinsToCents,
  ErrorCodes,
  formatUsd,
  isPaidVisibility,
  type MediaKind,
  MediaTexts,
  type Post,
  PostState,
  Posts,
  PostTexts,
  Price,
  SavePostInput,
  Visibility,
} from '@velvet/contract'
import type { z } from 'zod'
import { isApiError } from '../../lib/api/errors.ts'

/** One photo or video in the composer, in display order: saved with the post, or being uploaded now. */
export interface ComposerMedia {
  /** Stable while the composer is open: `media-<id>` for saved media, the upload queue's key for new ones. */
  key: string
  /** Null until the upload has been announced. */
  mediaId: number | null
  kind: MediaKind
  isFreePreview: boolean
}

export interface ComposerDraft {
  caption: string
  media: ComposerMedia[]
  /** The key of the cover; null means the first media. */
  coverKey: string | null
  visibility: Visibility
  /** The price field as typed (coins). */
  price: string
  schedule: boolean
  /** The schedule field: local date and time, `YYYY-MM-DDTHH:mm`, or ''. */
  publishAt: string
}

export type SaveAction = 'draft' | 'publish' | 'schedule'
export type ComposerField = 'media' | 'caption' | 'price' | 'publish_at' | 'cover_media_id' | 'visibility'
export type ComposerErrors = Partial<Record<ComposerField, string>>
export type SavePayload = z.input<typeof SavePostInput>

export const savedMediaKey = (mediaId: number) => `media-${mediaId}`

const pad = (n: number) => String(n).padStart(2, '0')

/** Unix seconds as a datetime-local value in the browser's time zone. */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value (the browser's time zone) as Unix seconds, or null when incomplete. */
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
}

/** A first suggestion for a schedule: the next full hour at least an hour away. */
export function suggestedScheduleTime(nowSeconds: number): number {
  const hour = 3600
  return Math.ceil((nowSeconds + hour) / hour) * hour
}

/** The earliest and latest times the schedule field offers (spec §5: never in the past). */
export function scheduleBounds(nowSeconds: number): { min: string; max: string } {
  return {
    min: toLocalInput(nowSeconds + Posts.scheduleMinLeadSeconds),
    max: toLocalInput(nowSeconds + Posts.scheduleMaxDays * 86_400),
  }
}

/** The composer's content of a post opened for editing (the answer of editPost). */
export function draftOf(post: Post): ComposerDraft {
  const media = post.media.map((item) => ({
    key: savedMediaKey(item.media_id),
    mediaId: item.media_id,
    kind: item.kind,
    isFreePreview: item.is_free_preview,
  }))
  const visibility = (Object.values(Visibility) as number[]).includes(post.visibility)
    ? (post.visibility as Visibility)
    : Visibility.Everyone
  return {
    caption: post.caption,
    media,
    coverKey: post.cover_media_id === null ? null : savedMediaKey(post.cover_media_id),
    visibility,
    price: post.price === null ? '' : String(post.price),
    schedule: post.publish_at !== null && post.state !== PostState.Published,
    publishAt: post.publish_at === null ? '' : toLocalInput(post.publish_at),
  }
}

/** The cover actually used: the chosen one while it is still in the post, else the first media. */
export function coverOf(draft: Pick<ComposerDraft, 'media' | 'coverKey'>): ComposerMedia | undefined {
  return draft.media.find((item) => item.key === draft.coverKey) ?? draft.media[0]
}

/** The price field as a number, or null when empty or not a number. */
function priceOf(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed)) return null
  return Number(trimmed)
}

/** What savePost gets: media that have an id (a draft may hold uploads still on their way), in order. */
export function savePayload(postId: number, action: SaveAction, draft: ComposerDraft): SavePayload {
  const media = draft.media
    .filter((item): item is ComposerMedia & { mediaId: number } => item.mediaId !== null)
    .map((item) => ({ media_id: item.mediaId, is_free_preview: item.isFreePreview }))
  const cover = coverOf(draft)
  const paid = isPaidVisibility(draft.visibility)
  const publishAt = fromLocalInput(draft.publishAt)
  return {
    post_id: postId,
    action,
    caption: draft.caption,
    media,
    cover_media_id: cover?.mediaId ?? null,
    visibility: draft.visibility,
    price: paid ? priceOf(draft.price) : null,
    publish_at: action === 'schedule' || (action === 'draft' && draft.schedule) ? publishAt : null,
  }
}

/** The action the main button takes. */
export function mainAction(draft: Pick<ComposerDraft, 'schedule'>): Exclude<SaveAction, 'draft'> {
  return draft.schedule ? 'schedule' : 'publish'
}

/**
 * Problems to show before sending, in the contract's words: the caption limit, a price for paid posts and,
 * to publish or schedule, at least one photo or video, all uploads finished (spec §5) and a time in the future
 * within Posts.scheduleMaxDays. `progressOf` tells where each media's upload is.
 */
export type MediaProgress = 'ready' | 'pending' | 'failed'

export function composerErrors(
  draft: ComposerDraft,
  action: SaveAction,
  progressOf: (item: ComposerMedia) => MediaProgress,
  nowSeconds: number,
): ComposerErrors {
  const errors: ComposerErrors = {}
  const caption = Caption.safeParse(draft.caption)
  if (!caption.success) errors.caption = caption.error.issues[0]?.message
  if (isPaidVisibility(draft.visibility)) {
    const price = priceOf(draft.price)
    if (price === null) errors.price = 'Set a price in coins.'
    else {
      const parsed = Price.safeParse(price)
      if (!parsed.success) errors.price = parsed.error.issues[0]?.message
    }
  }
  if (action === 'draft') return errors
  if (draft.media.length === 0) errors.media = PostTexts.needsMedia
  else if (draft.media.some((item) => progressOf(item) === 'failed')) errors.media = MediaTexts.removeFailed
  else if (draft.media.some((item) => progressOf(item) === 'pending')) errors.media = PostTexts.mediaNotReady
  if (action === 'schedule') {
    const at = fromLocalInput(draft.publishAt)
    if (at === null) errors.publish_at = 'Pick when to publish.'
    else if (at < nowSeconds + Posts.scheduleMinLeadSeconds) errors.publish_at = PostTexts.scheduleInPast
    else if (at > nowSeconds + Posts.scheduleMaxDays * 86_400) {
      errors.publish_at = `Pick a time within ${Posts.scheduleMaxDays} days.`
    }
  }
  const contract = SavePostInput.safeParse(savePayload(1, action, draft))
  if (!contract.success) {
    for (const issue of contract.error.issues) {
      const field = issue.path[0]
      if (isComposerField(field) && !errors[field]) errors[field] = issue.message
    }
  }
  return errors
}

const FIELDS: readonly ComposerField[] = [
  'media',
  'caption',
  'price',
  'publish_at',
  'cover_media_id',
  'visibility',
]

export function isComposerField(value: unknown): value is ComposerField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value)
}

/** The first field with a problem, in the order the composer shows them (to scroll it into view). */
export function firstErrorField(errors: ComposerErrors): ComposerField | undefined {
  const order: readonly ComposerField[] = [
    'media',
    'cover_media_id',
    'caption',
    'visibility',
    'price',
    'publish_at',
  ]
  return order.find((field) => errors[field])
}

/** Whether the composer holds something the server does not have yet (leaving asks first). */
export function isDirty(draft: ComposerDraft, saved: ComposerDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(saved)
}

/** Moves one media from `from` to `to` (both indexes in the current order). */
export function moveMedia<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return [...list]
  const target = Math.max(0, Math.min(list.length - 1, to))
  const next = [...list]
  const [moved] = next.splice(from, 1)
  if (moved !== undefined) next.splice(target, 0, moved)
  return next
}

/** "12 / 2000" under the caption. */
export function captionCounter(caption: string): { text: string; over: boolean } {
  return {
    text: `${caption.length.toLocaleString('en-US')} / ${Posts.captionMax.toLocaleString('en-US')}`,
    over: caption.length > Posts.captionMax,
  }
}

/** A coin price's face value in US dollars (DESIGN §4, contract CoinRules), e.g. "≈ US$12.00". */
export function coinsFaceValue(text: string): string | null {
  const coins = priceOf(text)
  if (coins === null || coins < Posts.priceMin || coins > Posts.priceMax || !Number.isInteger(coins))
    return null
  return `≈ ${formatUsd(coinsToCents(coins))}`
}

/**
 * Where a refused save shows on the composer: by code (media not ready or not found, a time in the past), or
 * by the envelope's fields (`media.0.media_id` belongs to media). Null when it belongs to no field.
 */
export function serverErrors(error: unknown): ComposerErrors | null {
  if (!isApiError(error)) return null
  if (error.code === ErrorCodes.MediaNotReady.code || error.code === ErrorCodes.MediaNotFound.code) {
    return { media: error.message }
  }
  if (error.code === ErrorCodes.ScheduleInPast.code) return { publish_at: error.message }
  const placed: ComposerErrors = {}
  for (const problem of error.fields ?? []) {
    const field = problem.field.split('.')[0]
    if (isComposerField(field) && !placed[field]) placed[field] = problem.message
  }
  return Object.keys(placed).length > 0 ? placed : null
}
