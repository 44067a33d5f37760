import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { crc32, deflateSync } from 'node:zlib'
import { MediaState, md5Plan, prepareUpload } from '@velvet/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { createProcessor } from '../modules/media/processing.ts'
import { createMediaRepo } from '../modules/media/repo.ts'
import { media } from '../modules/media/schema.ts'
import { createStaging } from '../modules/media/staging.ts'
import { originalKey } from '../modules/media/upload.ts'
import { createMediaSigner } from '../modules/media/urls.ts'
import { loadSecrets, readConfig } from '../platform/config.ts'
import { resolveMediaTools } from '../platform/media-tools.ts'
import { createStorage, type Storage } from '../platform/storage.ts'
import type { TestApp } from './harness.ts'

/** spec §5's md5 of a whole file, as the browser computes it. */
export function md5Of(bytes: Buffer): string {
  const hash = createHash('md5')
  for (const [start, end] of md5Plan(bytes.length).ranges) hash.update(bytes.subarray(start, end))
  return hash.digest('hex')
}

export const tools = resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined })

/**
 * A photo carrying EXIF (camera make, GPS position, orientation 6 = turned a quarter). Noise keeps it large
 * (tens of KB), as a real photo is.
 */
export function jpegWithGps(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .withExif({
      IFD0: { Make: 'VelvetCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 7/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2060c0' } })
    .png()
    .toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A tiny PNG whose header declares `side` × `side` pixels: a decompression bomb's shape. */
export function pixelBombPng(side = 30_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A 2 s, 160x120 clip with sound (ffmpeg's test pattern), made in `dir`. */
export function testClip(dir: string, seconds = 2): Buffer {
  const file = path.join(dir, `clip-${seconds}.mp4`)
  execFileSync(tools.ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x120:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ])
  const bytes = readFileSync(file)
  rmSync(file)
  return bytes
}

/** Announces a file through prepareUpload as the web client does. */
export async function prepare(
  t: TestApp,
  token: string,
  bytes: Buffer,
  mime: string,
  overrides: { size?: number; md5?: string } = {},
) {
  return t.call(
    prepareUpload,
    { md5: overrides.md5 ?? md5Of(bytes), size: overrides.size ?? bytes.length, mime, name: 'file' },
    { token },
  )
}

/**
 * A media whose upload finished: state 2 (processing) with its original in storage, as the upload endpoint
 * leaves it for the processing job. Answers its id.
 */
export async function uploadedMedia(
  t: TestApp,
  storage: Storage,
  upload: { ownerId: number; kind: 'image' | 'video'; bytes: Buffer; mime: string },
): Promise<number> {
  const { ownerId, kind, bytes, mime } = upload
  const [row] = await t.database.db
    .insert(media)
    .values({ ownerId, kind, state: MediaState.Processing, md5: md5Of(bytes), size: bytes.length, mime })
    .returning({ id: media.id })
  if (!row) throw new Error('insert failed')
  await storage.putStream(originalKey(row.id), Readable.from([bytes]), bytes.length)
  return row.id
}

export async function mediaRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(media).where(eq(media.id, id))
  if (!row) throw new Error(`no media ${id}`)
  return row
}

const tus = { 'tus-resumable': '1.0.0' }
const metadataOf = (mediaId: number) => `media_id ${Buffer.from(String(mediaId)).toString('base64')}`

/** Raw tus 1.0.0 requests over real HTTP (what tus-js-client sends). */
export function tusClient(baseUrl: string, token: string | null) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  return {
    async create(mediaId: number, length: number, metadata = metadataOf(mediaId)) {
      const res = await fetch(`${baseUrl}/fapi/upload/`, {
        method: 'POST',
        headers: { ...tus, ...auth, 'upload-length': String(length), 'upload-metadata': metadata },
      })
      const location = res.headers.get('location')
      return {
        status: res.status,
        url: location ? new URL(location, baseUrl).toString() : null,
        body: await res.text(),
      }
    },
    async patch(url: string, offset: number, bytes: Buffer) {
      const res = await fetch(url, {
        method: 'PATCH',
        headers: {
          ...tus,
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      })
      return { status: res.status, offset: Number(res.headers.get('upload-offset')), body: await res.text() }
    },
    async head(url: string) {
      const res = await fetch(url, { method: 'HEAD', headers: { ...tus, ...auth } })
      return {
        status: res.status,
        offset: Number(res.headers.get('upload-offset')),
        length: Number(res.headers.get('upload-length')),
      }
    },
    /** Creates and sends the whole file in one PATCH; answers the final PATCH. */
    async upload(mediaId: number, bytes: Buffer) {
      const created = await this.create(mediaId, bytes.length)
      if (created.status !== 201 || !created.url)
        throw new Error(`tus create failed: ${created.status} ${created.body}`)
      return { url: created.url, ...(await this.patch(created.url, 0, bytes)) }
    },
  }
}

/**
 * The media module's parts a test drives directly (the processing job's work, the sweep, URL signing),
 * built on the test app's own database, data folder and secret, as the app builds them.
 */
export function mediaParts(t: TestApp, env: Record<string, string> = {}) {
  const config = readConfig({ DATA_DIR: t.dataDir, ...env })
  const storage = createStorage(config)
  const repo = createMediaRepo(t.database.db)
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never
  const signer = createMediaSigner(loadSecrets(config).appSecret, () =>
    Math.floor(t.clock.now().getTime() / 1000),
  )
  return {
    storage,
    repo,
    signer,
    staging: createStaging({ s3: config.s3, dataDir: config.dataDir, storage, expirationMs: 86_400_000 }),
    processor: createProcessor({
      repo,
      storage,
      tools: () => tools,
      clock: t.clock,
      workDir: path.join(t.dataDir, 'tmp'),
      log: silent,
    }),
  }
}
