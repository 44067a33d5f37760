import { PostTexts, Visibility } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { makeMedia, makePost } from './post-fixtures.ts'
import {
  coinsText,
  durationText,
  fallbackImage,
  isLongCaption,
  lockActions,
  lockSummary,
  mediaBoxRatio,
  mediaFit,
  ownSaleOf,
  positiveIdOf,
  postPath,
  postUrlsExpireAt,
  slidesOf,
  srcSetOf,
  tileFacts,
  timeAgo,
  urlExpiresAt,
  userPostViewPath,
} from './post-rules.ts'

// 2026-06-15 19:00 UTC = noon in Los Angeles.
const now = Date.UTC(2026, 5, 15, 19, 0, 0) / 1000

describe('timeAgo', () => {
  it('says how long ago in words for the last week', () => {
    expect(timeAgo(now - 5, now)).toBe('just now')
    expect(timeAgo(now + 30, now)).toBe('just now')
    expect(timeAgo(now - 60, now)).toBe('1 minute ago')
    expect(timeAgo(now - 59 * 60, now)).toBe('59 minutes ago')
    expect(timeAgo(now - 3600, now)).toBe('1 hour ago')
    expect(timeAgo(now - 23 * 3600, now)).toBe('23 hours ago')
    expect(timeAgo(now - 30 * 3600, now)).toBe('yesterday')
    expect(timeAgo(now - 6 * 86400, now)).toBe('6 days ago')
  })

  it('gives the Pacific date after a week, with the year only when it is not this one', () => {
    expect(timeAgo(Date.UTC(2026, 2, 4, 20) / 1000, now)).toBe('Mar 4')
    // 03:00 UTC on Jan 1 is still Dec 31 in Los Angeles.
    expect(timeAgo(Date.UTC(2026, 0, 1, 3) / 1000, now)).toBe('Dec 31, 2025')
  })
})

describe('lock texts', () => {
  it('writes durations as m:ss or h:mm:ss', () => {
    expect(durationText(7)).toBe('0:07')
    expect(durationText(252)).toBe('4:12')
    expect(durationText(3723)).toBe('1:02:03')
    expect(durationText(59.6)).toBe('1:00')
  })

  it('summarises what a locked post holds, leaving out what it has none of', () => {
    expect(lockSummary({ images: 3, videos: 2, duration: 252 })).toBe('3 photos · 2 videos · 4:12')
    expect(lockSummary({ images: 1, videos: 0, duration: 0 })).toBe('1 photo')
    expect(lockSummary({ images: 0, videos: 1, duration: 65 })).toBe('1 video · 1:05')
  })

  it('prices in exact coins', () => {
    expect(coinsText(1)).toBe('1 coin')
    expect(coinsText(120)).toBe('120 coins')
    expect(coinsText(10_000)).toBe('10,000 coins')
  })

  it('offers buying for PPV, subscribing for members, both for members and PPV', () => {
    expect(lockActions({ reason: 'ppv', price: 120 })).toEqual([
      { kind: 'unlock', label: 'Unlock for 120 coins', price: 120 },
    ])
    expect(lockActions({ reason: 'members', price: null })).toEqual([
      { kind: 'subscribe', label: PostTexts.subscribeToSee },
    ])
    expect(lockActions({ reason: 'members_or_ppv', price: 50 }).map((a) => a.kind)).toEqual([
      'subscribe',
      'unlock',
    ])
    expect(lockActions({ reason: 'ppv', price: null })).toEqual([])
  })
})

describe('media', () => {
  const images = [
    { width: 480, webp: '/m/1/w480.webp', jpeg: '/m/1/w480.jpg' },
    { width: 960, webp: '/m/1/w960.webp', jpeg: '/m/1/w960.jpg' },
  ]

  it('builds srcsets per format and a JPEG fallback no wider than asked', () => {
    expect(srcSetOf(images, 'webp')).toBe('/m/1/w480.webp 480w, /m/1/w960.webp 960w')
    expect(fallbackImage(images, 1000)?.width).toBe(960)
    expect(fallbackImage(images, 300)?.width).toBe(480)
    expect(fallbackImage([], 300)).toBeUndefined()
  })

  it('sizes the media area from the first media between 4:5 and 1.91:1', () => {
    expect(mediaBoxRatio([{ width: 1080, height: 1350 }])).toBeCloseTo(0.8)
    expect(mediaBoxRatio([{ width: 1080, height: 3000 }])).toBe(0.8)
    expect(mediaBoxRatio([{ width: 4000, height: 1000 }])).toBe(1.91)
    expect(mediaBoxRatio([{ width: null, height: null }])).toBe(1)
    expect(mediaBoxRatio([])).toBe(1)
  })

  it('crops only media close to the area ratio', () => {
    expect(mediaFit({ width: 1000, height: 1000 }, 1.05)).toBe('cover')
    expect(mediaFit({ width: 1000, height: 2000 }, 1)).toBe('contain')
    expect(mediaFit({ width: null, height: null }, 1)).toBe('cover')
  })

  it('reads the expiry of signed URLs and finds the earliest of a post', () => {
    expect(urlExpiresAt('/fapi/media/1/w480.webp?v=9&e=1700000300&s=abc')).toBe(1700000300)
    expect(urlExpiresAt('/fapi/media/1/w480.webp')).toBeNull()
    const media = (id: number, e: number | null) =>
      makeMedia({
        media_id: id,
        urls:
          e === null
            ? null
            : {
                images: [{ width: 480, webp: `/a?e=${e}`, jpeg: `/b?e=${e}` }],
                hls: null,
                mp4: `/c?e=${e - 10}`,
              },
      })
    expect(postUrlsExpireAt(makePost({ media: [media(1, 500), media(2, null), media(3, 300)] }))).toBe(290)
    expect(postUrlsExpireAt(makePost({ media: [media(1, null)] }))).toBeNull()
  })
})

describe('paths', () => {
  it('builds post addresses with their query', () => {
    expect(postPath(42)).toBe('/post?id=42')
    expect(postPath(42, '/home')).toBe('/post?id=42&redirect=%2Fhome')
    expect(userPostViewPath(7, 42)).toBe('/user/post_view?user_id=7&id=42')
    expect(userPostViewPath(7, 42, 'videos')).toBe('/user/post_view?user_id=7&id=42&filter=videos')
  })

  it('reads ids from the query', () => {
    expect(positiveIdOf('42')).toBe(42)
    for (const bad of [null, '', '0', '-1', '4.2', 'abc', '1e3']) expect(positiveIdOf(bad)).toBeNull()
  })
})

describe('slides and captions', () => {
  it('shows every media of an open post, and teasers plus one blurred slide of a locked one', () => {
    const open = makePost({ media: [makeMedia({ media_id: 1 }), makeMedia({ media_id: 2 })] })
    expect(slidesOf(open).map((s) => [s.kind, s.media.media_id])).toEqual([
      ['media', 1],
      ['media', 2],
    ])
    const locked = makePost({
      lock: { reason: 'ppv', price: 120, images: 2, videos: 1, duration: 30 },
      media: [
        makeMedia({ media_id: 1, urls: null }),
        makeMedia({ media_id: 2, is_free_preview: true }),
        makeMedia({ media_id: 3, urls: null }),
      ],
    })
    expect(slidesOf(locked).map((s) => [s.kind, s.media.media_id])).toEqual([
      ['media', 2],
      ['locked', 1],
    ])
  })

  it('folds long captions', () => {
    expect(isLongCaption('short')).toBe(false)
    expect(isLongCaption('x'.repeat(241))).toBe(true)
    expect(isLongCaption('a\nb\nc\nd\ne')).toBe(true)
  })
})

describe('grid tiles', () => {
  it('describe the post for screen readers and show a video length', () => {
    const video = makeMedia({ media_id: 2, kind: 'video', duration: 75 })
    expect(tileFacts(makePost({ media: [video] }))).toEqual({
      label: '1 video',
      duration: 75,
      multiple: false,
    })
    const locked = makePost({
      pinned: true,
      cover_media_id: 2,
      lock: { reason: 'ppv', price: 120, images: 2, videos: 1, duration: 75 },
      media: [
        makeMedia({ media_id: 1, urls: null }),
        { ...video, urls: null },
        makeMedia({ media_id: 3, urls: null }),
      ],
    })
    expect(tileFacts(locked)).toEqual({
      label: 'Pinned. 2 photos · 1 video. Locked, 120 coins',
      duration: 75,
      multiple: true,
    })
    const members = makePost({ lock: { reason: 'members', price: null, images: 1, videos: 0, duration: 0 } })
    expect(tileFacts(members).label).toBe('1 photo. Locked, for members')
  })

  it('mark the creator’s own paid posts with what they sell for (nothing is locked for them)', () => {
    const own = (visibility: number, price: number | null) =>
      makePost({ is_mine: true, lock: null, visibility, price })
    expect(ownSaleOf(own(Visibility.Everyone, null))).toBeNull()
    expect(ownSaleOf(own(Visibility.Members, null))).toEqual({ members: true, price: null })
    expect(ownSaleOf(own(Visibility.PPV, 40))).toEqual({ members: false, price: 40 })
    expect(ownSaleOf(own(Visibility.MembersAndPPV, 30))).toEqual({ members: true, price: 30 })
    expect(tileFacts(own(Visibility.PPV, 40)).label).toBe('1 photo. For sale, 40 coins')
    expect(tileFacts(own(Visibility.MembersAndPPV, 30)).label).toBe('1 photo. For members, or 30 coins')
    expect(tileFacts(own(Visibility.Members, null)).label).toBe('1 photo. For members')
    // Someone else's post a viewer may see (a member's view) carries no sale marks.
    expect(ownSaleOf({ ...own(Visibility.Members, null), is_mine: false })).toBeNull()
  })
})
