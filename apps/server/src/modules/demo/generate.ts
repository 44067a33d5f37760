import path from 'node:path'
import { Profile } from '@velvet/contract'
import sharp from 'sharp'
import { squareImage } from '../../platform/images.ts'
import { type MediaToolPaths, runTool } from '../../platform/media-tools.ts'
import { type ArtSpec, type ArtStyle, artSvg, type Palette } from './art.ts'
import type { DemoClip, DemoMedia } from './content.ts'

/** A file made for a demo post, ready for the media intake. */
export interface MadeFile {
  path: string
  mime: string
  name: string
}

/** A profile picture in the creator's palette: the same square WebP an uploaded portrait becomes. */
export async function drawPortrait(style: ArtStyle, palette: Palette, seed: number): Promise<Buffer> {
  const side = Profile.portraitSize
  const png = await sharp(Buffer.from(artSvg({ style, palette, seed }, side, side)))
    .png()
    .toBuffer()
  return squareImage(png, { size: side, maxPixels: Profile.portraitMaxPixels })
}

/** 0-255 channels of '#rrggbb'. */
function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

/**
 * A slowly moving plasma between two palette colours: per channel, the first colour plus a share of the
 * difference that two sine waves over position and time keep between 0 and 1 (so no value leaves 0-255).
 */
function plasmaSource(clip: DemoClip, palette: Palette): string {
  const from = channels(palette[2])
  const to = channels(palette[3])
  const waves = ['sin(X/13+T*1.7)', 'sin(Y/9-T*1.1+X/29)', 'sin((X+Y)/17+T*0.8)']
  const channel = (i: number) => {
    const start = from[i] ?? 0
    const span = (to[i] ?? 0) - start
    return `${start}+${span}*(0.5+0.25*${waves[i % 3]}+0.25*${waves[(i + 1) % 3]})`
  }
  // Drawn small and scaled up smoothly: cheap, and the softness is the look.
  const small = `${Math.round(clip.width / 4)}x${Math.round(clip.height / 4)}`
  return `color=c=black:size=${small}:rate=25,format=rgb24,geq=r=${channel(0)}:g=${channel(1)}:b=${channel(2)},scale=${clip.width}:${clip.height}:flags=bicubic`
}

function videoSource(clip: DemoClip, palette: Palette): string {
  const size = `${clip.width}x${clip.height}`
  switch (clip.source) {
    case 'plasma':
      return plasmaSource(clip, palette)
    case 'fractal':
      return `mandelbrot=size=${size}:rate=25:start_scale=2:end_scale=0.05,hue=H=t*0.4`
    case 'life':
      return `life=size=${Math.round(clip.width / 2)}x${Math.round(clip.height / 2)}:rate=15:ratio=0.12:mold=10:death_color=${palette[1]}:life_color=${palette[2]}:mold_color=${palette[0]},scale=${clip.width}:${clip.height}:flags=neighbor`
  }
}

/** A major chord on `tone`, quiet, fading out over the last second. */
function chord(tone: number): string {
  const notes = [tone, tone * 1.26, tone * 1.5].map((f) => `0.1*sin(2*PI*${f.toFixed(1)}*t)`)
  return `aevalsrc=${notes.join('+')}:s=44100`
}

async function recordClip(
  tools: MediaToolPaths,
  clip: DemoClip,
  palette: Palette,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  const args = [
    ['-hide_banner', '-v', 'error', '-y'],
    ['-f', 'lavfi', '-i', videoSource(clip, palette)],
    ['-f', 'lavfi', '-i', chord(clip.tone)],
    ['-t', String(clip.seconds), '-af', `afade=t=out:st=${clip.seconds - 1}:d=1`],
    ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '24', '-pix_fmt', 'yuv420p'],
    ['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file],
  ].flat()
  await runTool(tools.ffmpeg, args, { timeoutMs: 120_000, ...(signal ? { signal } : {}) })
}

/** Makes one media of a demo post in `dir`: a JPEG drawn with sharp, or an MP4 recorded with ffmpeg. */
export async function makeMedia(
  item: DemoMedia,
  art: Pick<ArtSpec, 'palette' | 'seed'>,
  dir: string,
  tools: () => MediaToolPaths,
  signal?: AbortSignal,
): Promise<MadeFile> {
  const base = `demo-${art.seed}`
  if (item.kind === 'photo') {
    const file = path.join(dir, `${base}.jpg`)
    const svg = artSvg({ style: item.style, palette: art.palette, seed: art.seed }, item.width, item.height)
    await sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toFile(file)
    return { path: file, mime: 'image/jpeg', name: `${base}.jpg` }
  }
  const file = path.join(dir, `${base}.mp4`)
  await recordClip(tools(), item, art.palette, file, signal)
  return { path: file, mime: 'video/mp4', name: `${base}.mp4` }
}
