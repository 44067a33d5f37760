import { ErrorCodes, MediaTexts, type Post, PostState, Posts, PostTexts, Visibility } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api/errors.ts'
import {
  type ComposerDraft,
  type ComposerMedia,
  captionCounter,
  coinsFaceValue,
  composerErrors,
  coverOf,
  draftOf,
  fromLocalInput,
  isDirty,
  moveMedia,
  savePayload,
  scheduleBounds,
  serverErrors,
  suggestedScheduleTime,
  toLocalInput,
} from './composer-rules.ts'

const NOW = 1_800_000_000
const item = (key: string, mediaId: number | null, isFreePreview = false): ComposerMedia => ({
  key,
  mediaId,
  kind: 'image',
  isFreePreview,
})

function draft(patch: Partial<ComposerDraft> = {}): ComposerDraft {
  return {
    caption: '',
    media: [item('a', 11), item('b', 12)],
    coverKey: null,
    visibility: Visibility.Everyone,
    price: '',
    schedule: false,
    publishAt: '',
    ...patch,
  }
}

const ready = () => 'ready' as const

function post(patch: Partial<Post> = {}): Post {
  const media = (id: number, isFreePreview: boolean) => ({
    media_id: id,
    kind: 'video' as const,
    state: 1,
    width: 640,
    height: 360,
    duration: 12,
    is_free_preview: isFreePreview,
    preview: null,
    urls: null,
  })
  return {
    post_id: 5,
    author: { user_id: 1, user_name: 'creator_one', nickname: 'Creator', portrait: null, verified: true },
    state: PostState.Draft,
    caption: 'Hello #beach',
    visibility: Visibility.PPV,
    price: 120,
    created_at: NOW,
    published_at: null,
    publish_at: null,
    edited_at: null,
    pinned: false,
    likes: 0,
    comments: 0,
    liked_by_me: false,
    is_mine: true,
    lock: null,
    cover_media_id: 22,
    media: [media(21, true), media(22, false)],
    ...patch,
  }
}

describe('datetime-local values', () => {
  it('round-trip through Unix seconds in the browser’s time zone, to the minute', () => {
    expect(fromLocalInput(toLocalInput(NOW))).toBe(NOW - (NOW % 60))
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('2026-13-45T99:00')).toBeNull()
  })

  it('offer times from a minute ahead up to the schedule limit, and suggest a round hour', () => {
    const { min, max } = scheduleBounds(NOW)
    expect(fromLocalInput(min)).toBe(Math.floor((NOW + Posts.scheduleMinLeadSeconds) / 60) * 60)
    expect(fromLocalInput(max)).toBe(Math.floor((NOW + Posts.scheduleMaxDays * 86_400) / 60) * 60)
    const suggested = suggestedScheduleTime(NOW)
    expect(suggested % 3600).toBe(0)
    expect(suggested - NOW).toBeGreaterThanOrEqual(3600)
    expect(suggested - NOW).toBeLessThan(7200)
  })
})

describe('draftOf', () => {
  it('opens a saved post with its order, teasers, cover, price and schedule', () => {
    const opened = draftOf(post({ publish_at: NOW + 7200 }))
    expect(opened.media.map((m) => [m.key, m.mediaId, m.isFreePreview])).toEqual([
      ['media-21', 21, true],
      ['media-22', 22, false],
    ])
    expect(opened).toMatchObject({
      coverKey: 'media-22',
      visibility: Visibility.PPV,
      price: '120',
      schedule: true,
    })
    expect(fromLocalInput(opened.publishAt)).toBe(NOW + 7200)
    expect(draftOf(post()).schedule).toBe(false)
  })
})

describe('savePayload', () => {
  it('sends media with an id in order, the cover (first media by default), a price only for paid posts', () => {
    const payload = savePayload(
      5,
      'publish',
      draft({ media: [item('x', null), item('a', 11, true), item('b', 12)], price: '50' }),
    )
    expect(payload).toEqual({
      post_id: 5,
      action: 'publish',
      caption: '',
      media: [
        { media_id: 11, is_free_preview: true },
        { media_id: 12, is_free_preview: false },
      ],
      cover_media_id: null,
      visibility: Visibility.Everyone,
      price: null,
      publish_at: null,
    })
    const paid = savePayload(
      5,
      'draft',
      draft({ visibility: Visibility.MembersAndPPV, price: '50', coverKey: 'b' }),
    )
    expect(paid).toMatchObject({ price: 50, cover_media_id: 12 })
  })

  it('uses the first media as the cover when the chosen one was removed', () => {
    expect(coverOf(draft({ coverKey: 'gone' }))?.key).toBe('a')
    expect(savePayload(5, 'draft', draft({ coverKey: 'gone' })).cover_media_id).toBe(11)
  })

  it('sends the time only when scheduling (or keeping a scheduled draft’s time)', () => {
    const at = toLocalInput(NOW + 7200)
    expect(savePayload(5, 'schedule', draft({ schedule: true, publishAt: at })).publish_at).toBe(
      fromLocalInput(at),
    )
    expect(savePayload(5, 'publish', draft({ schedule: false, publishAt: at })).publish_at).toBeNull()
  })
})

describe('composerErrors', () => {
  it('lets a draft be saved with unfinished uploads and no media', () => {
    expect(composerErrors(draft({ media: [] }), 'draft', ready, NOW)).toEqual({})
    expect(composerErrors(draft(), 'draft', () => 'pending', NOW)).toEqual({})
  })

  it('needs media, all of it uploaded, to publish (spec §5)', () => {
    expect(composerErrors(draft({ media: [] }), 'publish', ready, NOW)).toEqual({
      media: PostTexts.needsMedia,
    })
    expect(composerErrors(draft(), 'publish', (m) => (m.key === 'a' ? 'ready' : 'pending'), NOW)).toEqual({
      media: PostTexts.mediaNotReady,
    })
    expect(composerErrors(draft(), 'publish', (m) => (m.key === 'a' ? 'failed' : 'pending'), NOW)).toEqual({
      media: MediaTexts.removeFailed,
    })
    expect(composerErrors(draft(), 'publish', ready, NOW)).toEqual({})
  })

  it('needs a whole coin price in range for paid posts, even in a draft', () => {
    const paid = (price: string) =>
      composerErrors(draft({ visibility: Visibility.PPV, price }), 'draft', ready, NOW).price
    expect(paid('')).toBe('Set a price in coins.')
    expect(paid('0')).toBe(`The price is at least ${Posts.priceMin} coin.`)
    expect(paid('10001')).toBe(`The price is at most ${Posts.priceMax} coins.`)
    expect(paid('2.5')).toBe('A price is a whole number of coins.')
    expect(paid('120')).toBeUndefined()
    expect(
      composerErrors(draft({ visibility: Visibility.Members }), 'publish', ready, NOW).price,
    ).toBeUndefined()
  })

  it('refuses a schedule in the past, too soon or too far away (spec §5)', () => {
    const at = (seconds: number) =>
      composerErrors(draft({ schedule: true, publishAt: toLocalInput(seconds) }), 'schedule', ready, NOW)
        .publish_at
    expect(composerErrors(draft({ schedule: true }), 'schedule', ready, NOW).publish_at).toBe(
      'Pick when to publish.',
    )
    expect(at(NOW - 3600)).toBe(PostTexts.scheduleInPast)
    expect(at(NOW)).toBe(PostTexts.scheduleInPast)
    expect(at(NOW + 3600)).toBeUndefined()
    expect(at(NOW + (Posts.scheduleMaxDays + 1) * 86_400)).toBe(
      `Pick a time within ${Posts.scheduleMaxDays} days.`,
    )
  })

  it('keeps the caption within the limit', () => {
    const long = 'x'.repeat(Posts.captionMax + 1)
    expect(composerErrors(draft({ caption: long }), 'draft', ready, NOW).caption).toBe(
      `A caption is at most ${Posts.captionMax} characters.`,
    )
    expect(captionCounter(long)).toEqual({ text: '2,001 / 2,000', over: true })
  })
})

describe('composer helpers', () => {
  it('moves a media to a new place and keeps the rest in order', () => {
    expect(moveMedia(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moveMedia(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c'])
    expect(moveMedia(['a', 'b'], 1, 9)).toEqual(['a', 'b'])
    expect(moveMedia(['a', 'b'], 0, 9)).toEqual(['b', 'a'])
  })

  it('sees any change as unsaved', () => {
    expect(isDirty(draft(), draft())).toBe(false)
    expect(isDirty(draft({ caption: 'x' }), draft())).toBe(true)
    expect(isDirty(draft({ media: [item('b', 12), item('a', 11)] }), draft())).toBe(true)
  })

  it('gives a valid price’s face value in dollars', () => {
    expect(coinsFaceValue('120')).toBe('≈ US$12.00')
    expect(coinsFaceValue('10000')).toBe('≈ US$1,000.00')
    expect(coinsFaceValue('0')).toBeNull()
    expect(coinsFaceValue('abc')).toBeNull()
  })
})

describe('serverErrors', () => {
  const refused = (code: { code: number; status: number; message: string }, fields?: ApiError['fields']) =>
    new ApiError({ ...code, fields })

  it('puts unfinished or unknown media and a past time on their fields', () => {
    expect(serverErrors(refused(ErrorCodes.MediaNotReady))).toEqual({
      media: ErrorCodes.MediaNotReady.message,
    })
    expect(serverErrors(refused(ErrorCodes.MediaNotFound))).toEqual({
      media: ErrorCodes.MediaNotFound.message,
    })
    expect(serverErrors(refused(ErrorCodes.ScheduleInPast))).toEqual({
      publish_at: ErrorCodes.ScheduleInPast.message,
    })
  })

  it('puts validation problems on the field they name, the first one per field', () => {
    const error = refused(ErrorCodes.ValidationFailed, [
      { field: 'price', rule: 'too_big', message: 'The price is at most 10000 coins.' },
      { field: 'media.0.media_id', rule: 'custom', message: 'Not yours.' },
      { field: 'media', rule: 'custom', message: 'Second.' },
      { field: 'unknown', rule: 'custom', message: 'Nowhere.' },
    ])
    expect(serverErrors(error)).toEqual({ price: 'The price is at most 10000 coins.', media: 'Not yours.' })
  })

  it('leaves other failures to a toast', () => {
    expect(serverErrors(refused(ErrorCodes.Generic))).toBeNull()
    expect(serverErrors(new Error('x'))).toBeNull()
  })
})
