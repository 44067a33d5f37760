import path from 'node:path'
import { Media, MediaFailure } from '@velvet/contract'
import sharp, { type Metadata } from 'sharp'

/** A refusal of a file for a reason its owner can act on (the text is the media's `error`). */
export class MediaRefusedError extends Error {
  constructor(text: string) {
    super(text)
    this.name = 'MediaRefusedError'
  }
}

export interface ImageRenditions {
  /** File names in the output folder, smallest first. */
  images: Array<{ width: number; webp: string; jpeg: string }>
  /** Upright size of the source. */
  width: number
  height: number
  /** Blurred tiny JPEG as a data URL. */
  preview: string
}

/** The rendition widths for a source `width` px wide: the configured ones it reaches, else its own width. */
export function renditionWidths(width: number): number[] {
  const widths: number[] = Media.imageWidths.filter((w) => w <= width)
  const largest = Media.imageWidths[Media.imageWidths.length - 1] ?? width
  // Never upscaled: a smaller source adds its own width as the largest rendition.
  if (width < largest && !widths.includes(width)) widths.push(width)
  return widths
}

const decodeOptions = { limitInputPixels: Media.imageMaxPixels, animated: false, failOn: 'error' } as const

/**
 * Renditions of a photo (or a video's poster): upright (EXIF orientation applied), re-encoded so that no
 * EXIF, GPS or other metadata survives, at each rendition width as WebP and JPEG, plus the blurred preview
 * that is all a viewer without access ever gets.
 */
export async function renderImage(source: string, outDir: string): Promise<ImageRenditions> {
  let meta: Metadata
  try {
    meta = await sharp(source, decodeOptions).metadata()
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new MediaRefusedError(MediaFailure.tooManyPixels)
    throw new MediaRefusedError(MediaFailure.unreadableImage)
  }
  if (!meta.width || !meta.height) throw new MediaRefusedError(MediaFailure.unreadableImage)
  if (meta.width * meta.height > Media.imageMaxPixels) throw new MediaRefusedError(MediaFailure.tooManyPixels)
  // Orientations 5-8 turn the picture a quarter: its upright width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height

  const upright = sharp(source, decodeOptions).rotate().toColourspace('srgb')
  const images: ImageRenditions['images'] = []
  for (const w of renditionWidths(width)) {
    const resized = upright.clone().resize({ width: w, withoutEnlargement: true })
    const webp = `w${w}.webp`
    const jpeg = `w${w}.jpg`
    await resized.clone().webp({ quality: 80 }).toFile(path.join(outDir, webp))
    // JPEG has no transparency: flatten onto the app's dark surface.
    await resized
      .clone()
      .flatten({ background: '#000000' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(path.join(outDir, jpeg))
    images.push({ width: w, webp, jpeg })
  }
  const preview = await upright
    .clone()
    .resize({ width: Media.previewWidth, height: Media.previewWidth * 3, fit: 'inside' })
    .flatten({ background: '#000000' })
    .blur(2.5)
    .jpeg({ quality: 40 })
    .toBuffer()
  return { images, width, height, preview: `data:image/jpeg;base64,${preview.toString('base64')}` }
}
