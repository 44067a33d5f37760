import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ErrorCodes, Media, MediaState, mediaStatus, type OwnMedia } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { hlsPlaylist, makeMedia } from '../../test/media-factories.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { mediaParts, mediaRow, png, testClip, uploadedMedia } from '../../test/upload-factories.ts'
import { parseRange } from './serve.ts'

let t: TestApp
let parts: ReturnType<typeof mediaParts>
let creator: Account
let fan: Account
let imageId: number
let videoId: number
let scratch: string

async function processed(kind: 'image' | 'video', bytes: Buffer, mime: string): Promise<number> {
  const id = await uploadedMedia(t, parts.storage, { ownerId: creator.userId, kind, bytes, mime })
  await parts.processor.process(id)
  return id
}

beforeAll(async () => {
  t = await startTestApp()
  parts = mediaParts(t)
  creator = await makeCreator(t)
  fan = await makeAccount(t)
  scratch = mkdtempSync(path.join(tmpdir(), 'velvet-serve-'))
  imageId = await processed('image', await png(1000, 700), 'image/png')
  videoId = await processed('video', testClip(scratch, 8), 'video/mp4')
})
afterAll(async () => {
  await t.close()
  rmSync(scratch, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` })
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)
const segmentsOf = (playlist: string) =>
  playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'))
const stored = (mediaId: number, file: string) =>
  readFileSync(path.join(t.dataDir, 'media', `items/${mediaId}/${file}`))

describe('parseRange', () => {
  it('reads one byte range, and tells the unsatisfiable and the ignorable apart', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 })
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=5-1', 1000)).toBeNull()
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull()
    expect(parseRange(undefined, 1000)).toBeNull()
  })
})

describe(`signed media URLs on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('gives the owner signed renditions in mediaStatus, served privately and never cached', async () => {
    const res = await t.call(mediaStatus, { ids: String(imageId) }, { token: creator.token })
    const own = res.body.data.list[0] as OwnMedia
    expect(own.state).toBe(MediaState.Ready)
    const source = own.urls?.images.at(-1)
    expect(source?.width).toBe(1000)
    expect(source?.webp).toMatch(
      new RegExp(`^/fapi/media/${imageId}/w1000\\.webp\\?v=${creator.userId}&e=\\d+&s=`),
    )

    const answer = await get(source?.webp ?? '')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('image/webp')
    expect(answer.headers['cache-control']).toBe('private, no-store')
    expect(answer.headers.etag).toBeUndefined()
    expect(answer.rawPayload).toEqual(stored(imageId, 'w1000.webp'))
    // With the owner's own session it works too.
    expect((await get(source?.jpeg ?? '', bearer(creator))).statusCode).toBe(200)
  })

  it('answers byte ranges with 206 and the right bytes, and 416 past the end', async () => {
    const url = parts.signer.sign(videoId, 'video.mp4', fan.userId)
    const whole = stored(videoId, 'video.mp4')
    const part = await get(url, { range: 'bytes=100-1099' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${whole.length}`)
    expect(part.headers['content-length']).toBe('1000')
    expect(part.headers['cache-control']).toBe('private, no-store')
    expect(part.rawPayload).toEqual(whole.subarray(100, 1100))

    const tail = await get(url, { range: 'bytes=-10' })
    expect(tail.rawPayload).toEqual(whole.subarray(whole.length - 10))

    const beyond = await get(url, { range: `bytes=${whole.length}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`)
  })

  it('refuses an expired URL, a tampered one and one made for another viewer', async () => {
    const url = parts.signer.sign(imageId, 'w480.jpg', fan.userId)
    expect((await get(url)).statusCode).toBe(200)

    const refused = async (target: string, headers: Record<string, string> = {}) => {
      const res = await get(target, headers)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe(ErrorCodes.MediaUrlInvalid.code)
    }
    await refused(url.replace('w480.jpg', 'w480.webp'))
    await refused(url.replace(`v=${fan.userId}`, `v=${creator.userId}`))
    await refused(url.replace(/e=(\d+)/, (_m, e: string) => `e=${Number(e) + 3600}`))
    // Two characters of the signature changed (to others than they were: 'AA' when they were 'AA' would
    // be the same signature: a 1-in-4,096 chance that a CI run met).
    await refused(
      url.replace(/s=([\w-]+)/, (_m, s: string) => `s=${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`),
    )
    await refused(url.replace(/&s=[\w-]+/, ''))
    // Another viewer's session presenting the fan's URL.
    await refused(url, bearer(creator))
    // An unknown or expired session is not the URL's viewer either.
    await refused(url, { authorization: 'Bearer not-a-session' })

    t.clock.advance((Media.signedUrlSeconds + 1) * 1000)
    await refused(url)
  })

  it('serves only processed renditions, never the original', async () => {
    const original = await get(parts.signer.sign(imageId, 'original', creator.userId))
    expect(original.statusCode).toBe(404)
    expect(original.json().error.code).toBe(ErrorCodes.MediaNotFound.code)
    expect((await get(parts.signer.sign(imageId, 'w9999.webp', creator.userId))).statusCode).toBe(404)
    expect((await get(parts.signer.sign(999_999, 'w480.webp', creator.userId))).statusCode).toBe(404)
  })

  it('signs every HLS segment for the same viewer for 5 minutes from each playlist request', async () => {
    const playlistUrl = parts.signer.sign(videoId, 'index.m3u8', fan.userId)
    const res = await get(playlistUrl)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl')
    expect(res.headers['cache-control']).toBe('private, no-store')
    const segmentUrls = segmentsOf(res.body)
    expect(segmentUrls.length).toBeGreaterThanOrEqual(2)
    for (const segmentUrl of segmentUrls) {
      const url = new URL(segmentUrl, 'http://x')
      expect(url.pathname).toMatch(new RegExp(`^/fapi/media/${videoId}/seg_\\d{4}\\.ts$`))
      expect(url.searchParams.get('v')).toBe(String(fan.userId))
      expect(Number(url.searchParams.get('e'))).toBe(nowSeconds() + Media.signedUrlSeconds)
    }

    const first = segmentUrls[0] ?? ''
    const segment = await get(first)
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['content-type']).toBe('video/mp2t')
    expect(segment.rawPayload).toEqual(stored(videoId, path.basename(new URL(first, 'http://x').pathname)))
    // A segment URL is as bound to its viewer as any other.
    expect((await get(first, bearer(creator))).statusCode).toBe(403)

    // Four minutes on, the playlist (its link still valid) signs its segments again, from then.
    t.clock.advance(240_000)
    const again = segmentsOf((await get(playlistUrl)).body)
    expect(Number(new URL(again[0] ?? '', 'http://x').searchParams.get('e'))).toBe(
      nowSeconds() + Media.signedUrlSeconds,
    )
    // Past its own 5 minutes a segment URL is refused, however long the video.
    t.clock.advance(61_000)
    expect((await get(first)).statusCode).toBe(403)
    expect((await get(again[0] ?? '')).statusCode).toBe(200)
  })

  it('serves a 3-hour video with no URL in its playlist living past 5 minutes', async () => {
    const longId = await makeMedia(t, creator.userId, { kind: 'video', durationMs: 3 * 60 * 60 * 1000 })
    const playlistKey = (await mediaRow(t, longId)).files?.hls?.playlist ?? ''
    const file = path.join(t.dataDir, 'media', playlistKey)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, hlsPlaylist(3 * 60 * 60))

    const res = await get(parts.signer.sign(longId, 'index.m3u8', fan.userId))
    expect(res.statusCode).toBe(200)
    const segmentUrls = segmentsOf(res.body)
    expect(segmentUrls).toHaveLength(1800)
    const latest = Math.max(
      ...segmentUrls.map((url) => Number(new URL(url, 'http://x').searchParams.get('e'))),
    )
    expect(latest - nowSeconds()).toBeLessThanOrEqual(Media.signedUrlSeconds)
  })
})
