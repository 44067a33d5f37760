import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { Media, MediaFailure } from '@velvet/contract'
import { z } from 'zod'
import { MediaToolError, type MediaToolPaths, runTool } from '../../platform/media-tools.ts'
import { MediaRefusedError } from './renditions.ts'

/** HLS: one variant, 6 s segments, a complete (vod) playlist. */
export const HLS_SEGMENT_SECONDS = 6
export const HLS_PLAYLIST = 'index.m3u8'
export const MP4_FILE = 'video.mp4'
/** The long side of the served video (1080p class); smaller sources keep their size. */
const maxLongSide = 1920

const ProbeStream = z.object({
  codec_type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).partial()).optional(),
})
const Probe = z.object({
  streams: z.array(ProbeStream).default([]),
  format: z.object({ duration: z.string().optional() }).partial().default({}),
})

export interface VideoFacts {
  /** Upright (rotation applied) size of the picture. */
  width: number
  height: number
  durationSeconds: number
  hasAudio: boolean
}

/** Reads duration, size and streams with ffprobe; refuses what the limits do not allow. */
export async function probeVideo(
  tools: MediaToolPaths,
  source: string,
  signal?: AbortSignal,
): Promise<VideoFacts> {
  let parsed: z.infer<typeof Probe>
  try {
    const { stdout } = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', source],
      { timeoutMs: 60_000, ...(signal ? { signal } : {}) },
    )
    parsed = Probe.parse(JSON.parse(stdout))
  } catch (error) {
    if (error instanceof MediaToolError && error.timedOut) throw error
    throw new MediaRefusedError(MediaFailure.unreadableVideo)
  }
  const video = parsed.streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1)
  if (!video?.width || !video.height) throw new MediaRefusedError(MediaFailure.noPicture)
  const durationSeconds = Number(parsed.format.duration ?? video.duration)
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new MediaRefusedError(MediaFailure.unreadableVideo)
  }
  if (durationSeconds > Media.videoMaxSeconds) throw new MediaRefusedError(MediaFailure.tooLong)
  if (video.width * video.height > Media.videoMaxPixels)
    throw new MediaRefusedError(MediaFailure.tooManyVideoPixels)
  const rotation = Math.abs(
    Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0),
  )
  const turned = rotation % 180 === 90
  return {
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    durationSeconds,
    hasAudio: parsed.streams.some((s) => s.codec_type === 'audio'),
  }
}

/** The served size: fits maxLongSide, keeps the aspect ratio, even numbers (H.264 4:2:0 needs them). */
export function servedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, maxLongSide / Math.max(width, height))
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2))
  return { width: even(width), height: even(height) }
}

export interface VideoRenditions {
  width: number
  height: number
  durationMs: number
  /** File names in the output folder. */
  mp4: string
  playlist: string
  segments: string[]
  /** A still frame (PNG) to make the poster renditions from. */
  posterFrame: string
}

/**
 * An H.264/AAC MP4 (faststart, keyframes every segment length, metadata dropped), an HLS rendition cut from
 * it without re-encoding, and a poster frame. Time limits grow with the video's length.
 */
export async function renderVideo(
  tools: MediaToolPaths,
  source: string,
  outDir: string,
  signal?: AbortSignal,
): Promise<VideoRenditions> {
  const facts = await probeVideo(tools, source, signal)
  const size = servedSize(facts.width, facts.height)
  const run = (args: string[], timeoutMs: number) =>
    runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
      timeoutMs,
      cwd: outDir,
      ...(signal ? { signal } : {}),
    })
  const lengthMs = facts.durationSeconds * 1000
  const mp4 = path.join(outDir, MP4_FILE)
  await run(
    [
      '-i',
      source,
      '-map',
      '0:v:0',
      ...(facts.hasAudio ? ['-map', '0:a:0'] : []),
      '-map_metadata',
      '-1',
      '-sn',
      '-dn',
      '-vf',
      `scale=${size.width}:${size.height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-force_key_frames',
      `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
      ...(facts.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
      '-movflags',
      '+faststart',
      mp4,
    ],
    600_000 + lengthMs * 6,
  )
  await run(
    [
      '-i',
      mp4,
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      String(HLS_SEGMENT_SECONDS),
      '-hls_list_size',
      '0',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      'seg_%04d.ts',
      HLS_PLAYLIST,
    ],
    300_000 + lengthMs,
  )
  const posterFrame = 'poster.png'
  const at = Math.min(1, facts.durationSeconds / 3)
  await run(['-ss', at.toFixed(3), '-i', mp4, '-frames:v', '1', posterFrame], 120_000)
  const segments = (await readdir(outDir)).filter((name) => /^seg_\d{4}\.ts$/.test(name)).sort()
  return {
    ...size,
    durationMs: Math.round(lengthMs),
    mp4: MP4_FILE,
    playlist: HLS_PLAYLIST,
    segments,
    posterFrame,
  }
}
