import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { resolveMediaTools } from '../../apps/server/src/platform/media-tools.ts'
import { md5Plan } from '../../packages/contract/src/index.ts'
import { photoPng } from './creator.ts'

/**
 * Photos and videos made on the spot for the publishing journeys (sharp and ffmpeg, nothing downloaded),
 * in the shape Playwright's setInputFiles takes. Each call makes different bytes, so two files never share
 * an md5 (the server would answer the first upload again).
 */
export interface TestFile {
  name: string
  mimeType: string
  buffer: Buffer
}

let made = 0

/**
 * A JPEG photo: a diagonal gradient whose colours change with each call, under camera-like grain. The grain
 * keeps it a few hundred KB (as a real photo is), so its upload takes long enough to show progress.
 */
export async function photoJpeg(width = 1200, height = 900): Promise<TestFile> {
  const n = made++
  const pixels = Buffer.alloc(width * height * 3)
  const tint = [(60 + n * 53) % 200, (90 + n * 97) % 200, (140 + n * 31) % 200]
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const light = (x / width + y / height) * 60
      for (let c = 0; c < 3; c++) pixels[i + c] = (tint[c] ?? 0) + light + Math.random() * 30
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
  return { name: `photo-${n + 1}.jpg`, mimeType: 'image/jpeg', buffer }
}

/** A PNG (creator.ts's gradient, its blue changing with each call), for posts whose upload is not the point. */
export async function gradientPng(width = 640, height = 800): Promise<TestFile> {
  const n = made++
  const buffer = await photoPng(width, height, (40 + n * 37) % 256)
  return { name: `picture-${n + 1}.png`, mimeType: 'image/png', buffer }
}

const tools = resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined })

/** A short H.264 MP4 with sound (ffmpeg's test pattern and a tone whose pitch changes with each call). */
export function clipMp4(seconds = 3): TestFile {
  const n = made++
  const dir = mkdtempSync(path.join(tmpdir(), 'velvet-e2e-clip-'))
  const file = path.join(dir, 'clip.mp4')
  try {
    execFileSync(tools.ffmpeg, [
      ...['-hide_banner', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=480x360:rate=25:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${330 + n * 20}:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '1500k'],
      ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
    ])
    return { name: `clip-${n + 1}.mp4`, mimeType: 'video/mp4', buffer: readFileSync(file) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** spec §5's md5 of a file, over the same ranges the browser hashes. */
export function md5Of(bytes: Buffer): string {
  const hash = createHash('md5')
  for (const [start, end] of md5Plan(bytes.length).ranges) hash.update(bytes.subarray(start, end))
  return hash.digest('hex')
}
