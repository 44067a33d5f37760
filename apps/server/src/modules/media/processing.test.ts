import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Media, MediaFailure, MediaState } from '@velvet/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runTool } from '../../platform/media-tools.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import {
  jpegWithGps,
  mediaParts,
  mediaRow,
  png,
  testClip,
  tools,
  uploadedMedia,
} from '../../test/upload-factories.ts'
import { renditionWidths } from './renditions.ts'
import { originalKey } from './upload.ts'

let t: TestApp
let parts: ReturnType<typeof mediaParts>
let creator: Account
let scratch: string
beforeAll(async () => {
  t = await startTestApp()
  parts = mediaParts(t)
  creator = await makeCreator(t)
  scratch = mkdtempSync(path.join(tmpdir(), 'velvet-processing-'))
})
afterAll(async () => {
  await t.close()
  rmSync(scratch, { recursive: true, force: true })
})

const uploaded = (kind: 'image' | 'video', bytes: Buffer, mime: string) =>
  uploadedMedia(t, parts.storage, { ownerId: creator.userId, kind, bytes, mime })

const stored = (key: string) => readFileSync(path.join(t.dataDir, 'media', key))

describe('renditionWidths', () => {
  it('keeps the configured widths a source reaches and never upscales', () => {
    expect(renditionWidths(2000)).toEqual([480, 960, 1600])
    expect(renditionWidths(1600)).toEqual([480, 960, 1600])
    expect(renditionWidths(1000)).toEqual([480, 960, 1000])
    expect(renditionWidths(960)).toEqual([480, 960])
    expect(renditionWidths(300)).toEqual([300])
  })
})

describe(`image processing on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('strips EXIF and GPS, turns the photo upright and makes every width as WebP and JPEG', async () => {
    const original = await jpegWithGps(2000, 1500)
    const before = await sharp(original).metadata()
    expect(before.exif?.length).toBeGreaterThan(0)
    expect(before.orientation).toBe(6)

    const id = await uploaded('image', original, 'image/jpeg')
    await parts.processor.process(id)
    const row = await mediaRow(t, id)
    expect(row.state).toBe(MediaState.Ready)
    expect(row.readyAt).toEqual(t.clock.now())
    // Orientation 6: the upright picture is 1500 wide and 2000 high.
    expect({ width: row.width, height: row.height }).toEqual({ width: 1500, height: 2000 })
    expect(row.files?.images.map((i) => i.width)).toEqual([480, 960, 1500])
    expect(row.files?.hls).toBeNull()
    expect(row.files?.mp4).toBeNull()

    for (const image of row.files?.images ?? []) {
      for (const [key, format] of [
        [image.webp, 'webp'],
        [image.jpeg, 'jpeg'],
      ] as const) {
        expect(key.startsWith(`items/${id}/`)).toBe(true)
        const meta = await sharp(stored(key)).metadata()
        expect(meta.format).toBe(format)
        expect(meta.width).toBe(image.width)
        expect(meta.exif).toBeUndefined()
        expect(meta.orientation).toBeUndefined()
        expect(stored(key).includes(Buffer.from('VelvetCam'))).toBe(false)
      }
    }
    expect(row.preview).toMatch(/^data:image\/jpeg;base64,/)
    const preview = Buffer.from((row.preview ?? '').split(',')[1] ?? '', 'base64')
    expect(preview.length).toBeLessThan(2048)
    expect((await sharp(preview).metadata()).width).toBe(Media.previewWidth)
  })

  it('gives a small photo one rendition at its own width', async () => {
    const id = await uploaded('image', await png(300, 200), 'image/png')
    await parts.processor.process(id)
    const row = await mediaRow(t, id)
    expect(row.files?.images.map((i) => i.width)).toEqual([300])
    expect((await sharp(stored(row.files?.images[0]?.jpeg ?? '')).metadata()).width).toBe(300)
  })

  it('fails a photo it cannot read with a text for its owner, and skips media that are not processing', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)])
    const id = await uploaded('image', broken, 'image/jpeg')
    await parts.processor.process(id)
    expect(await mediaRow(t, id)).toMatchObject({
      state: MediaState.Failed,
      error: MediaFailure.unreadableImage,
    })

    const ready = await uploaded('image', await png(100, 80), 'image/png')
    await parts.processor.process(ready)
    const first = await mediaRow(t, ready)
    await parts.storage.remove(originalKey(ready))
    // Already ready: a second run (a re-delivered job) changes nothing.
    await parts.processor.process(ready)
    expect(await mediaRow(t, ready)).toEqual(first)
  })
})

describe('video processing', () => {
  it('makes a poster, an H.264/AAC MP4 and an HLS rendition; duration about 2 s', async () => {
    const clip = testClip(scratch, 2)
    const id = await uploaded('video', clip, 'video/mp4')
    await parts.processor.process(id)
    const row = await mediaRow(t, id)
    expect(row.state).toBe(MediaState.Ready)
    expect(row.durationMs).toBeGreaterThan(1800)
    expect(row.durationMs).toBeLessThan(2300)
    expect({ width: row.width, height: row.height }).toEqual({ width: 160, height: 120 })
    expect(row.files?.images.map((i) => i.width)).toEqual([160])
    expect(row.preview).toMatch(/^data:image\/jpeg;base64,/)

    const mp4 = row.files?.mp4 ?? ''
    expect(mp4).toBe(`items/${id}/video.mp4`)
    const { stdout } = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_streams', path.join(t.dataDir, 'media', mp4)],
      { timeoutMs: 10_000 },
    )
    const codecs = (JSON.parse(stdout) as { streams: { codec_name: string }[] }).streams.map(
      (s) => s.codec_name,
    )
    expect(codecs.sort()).toEqual(['aac', 'h264'])

    const hls = row.files?.hls
    expect(hls?.playlist).toBe(`items/${id}/index.m3u8`)
    expect(hls?.segments.length).toBeGreaterThanOrEqual(1)
    const playlist = stored(hls?.playlist ?? '').toString()
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
    expect(playlist).toContain('#EXT-X-ENDLIST')
    for (const segment of hls?.segments ?? []) {
      expect(playlist).toContain(path.basename(segment))
      expect(stored(segment).length).toBeGreaterThan(0)
    }
    // The poster frame itself is scratch: only its renditions are kept.
    expect(await parts.storage.list(`items/${id}`)).not.toContain(`items/${id}/poster.png`)
  })

  it('fails a "video" that is not one', async () => {
    const id = await uploaded('video', Buffer.from('not a video at all'.repeat(50)), 'video/mp4')
    await parts.processor.process(id)
    expect(await mediaRow(t, id)).toMatchObject({
      state: MediaState.Failed,
      error: MediaFailure.unreadableVideo,
    })
  })
})
