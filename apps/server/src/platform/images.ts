import sharp from 'sharp'
import { AppError } from './errors.ts'

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'])

/**
 * Checks an uploaded image by its content (not its name or declared type), then re-encodes it: the
 * output carries no EXIF/GPS or other metadata from the original.
 */
export async function squareImage(
  bytes: Buffer,
  options: { size: number; maxPixels: number },
): Promise<Buffer> {
  let format: string | undefined
  try {
    format = (await sharp(bytes, { limitInputPixels: options.maxPixels }).metadata()).format
  } catch {
    throw new AppError('UnsupportedMedia', { message: 'This file is not an image we can read.' })
  }
  if (!format || !acceptedFormats.has(format)) throw new AppError('UnsupportedMedia')
  try {
    return await sharp(bytes, { limitInputPixels: options.maxPixels, animated: false })
      .rotate()
      .resize(options.size, options.size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new AppError('UnsupportedMedia', { message: 'This image could not be processed.' })
  }
}
