import { randomBytes } from 'node:crypto'
import { MediaState } from '@velvet/contract'
import type { MediaFiles } from '../modules/media/schema.ts'
import { media } from '../modules/media/schema.ts'
import type { TestApp } from './harness.ts'

/** A tiny blurred-looking preview (a 1x1 JPEG data URL): the only image locked viewers get. */
export const PREVIEW_DATA_URL =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k='

export interface ReadyMediaOptions {
  kind?: 'image' | 'video'
  /** Seconds, for a video (default 12). */
  seconds?: number
  /** Milliseconds, for a video (wins over `seconds`). */
  durationMs?: number
  /** MediaState; ready (1) by default. */
  state?: number
  width?: number
  height?: number
}

/**
 * A processed media row inserted directly (the upload pipeline is the media module's to test): ready,
 * with made-up storage keys for every rendition and a preview data URL. Answers its id.
 */
export async function makeMedia(
  t: TestApp,
  ownerId: number,
  options: ReadyMediaOptions = {},
): Promise<number> {
  const kind = options.kind ?? 'image'
  const state = options.state ?? MediaState.Ready
  const folder = `items/${randomBytes(8).toString('hex')}`
  const files: MediaFiles = {
    images: [480, 960].map((width) => ({
      width,
      webp: `${folder}/w${width}.webp`,
      jpeg: `${folder}/w${width}.jpg`,
    })),
    hls:
      kind === 'video'
        ? { playlist: `${folder}/index.m3u8`, segments: [`${folder}/seg_0000.ts`, `${folder}/seg_0001.ts`] }
        : null,
    mp4: kind === 'video' ? `${folder}/video.mp4` : null,
  }
  const ready = state === MediaState.Ready
  const durationMs = options.durationMs ?? Math.round((options.seconds ?? 12) * 1000)
  const [row] = await t.database.db
    .insert(media)
    .values({
      ownerId,
      kind,
      state,
      md5: randomBytes(16).toString('hex'),
      size: 123_456,
      mime: kind === 'video' ? 'video/mp4' : 'image/jpeg',
      width: options.width ?? 1200,
      height: options.height ?? 1600,
      durationMs: kind === 'video' ? durationMs : null,
      files: ready ? files : null,
      preview: ready ? PREVIEW_DATA_URL : null,
      readyAt: ready ? t.clock.now() : null,
      createdAt: t.clock.now(),
    })
    .returning({ id: media.id })
  if (!row) throw new Error('insert media returned nothing')
  return row.id
}

/** An HLS playlist of a `seconds`-long video cut in 6 s segments (seg_0000.ts...), as processing writes it. */
export function hlsPlaylist(seconds: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:VOD']
  for (let i = 0; i * 6 < seconds; i++)
    lines.push('#EXTINF:6.000000,', `seg_${String(i).padStart(4, '0')}.ts`)
  return `${lines.join('\n')}\n#EXT-X-ENDLIST\n`
}
