import { CropLimits } from './crop-math.ts'

/** A decoded picture the cropper can draw, with its size (EXIF orientation applied where supported). */
export interface DecodedImage {
  source: CanvasImageSource
  width: number
  height: number
  release: () => void
}

async function decodeWithElement(file: Blob): Promise<DecodedImage> {
  const url = URL.createObjectURL(file)
  const image = new Image()
  image.src = url
  try {
    await image.decode()
  } catch (error) {
    URL.revokeObjectURL(url)
    throw error
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  }
}

/** Decodes a chosen file; throws when the browser cannot read it as a picture. */
export async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() }
    } catch {
      // Some browsers decode more through an <img>: try that before giving up.
    }
  }
  return decodeWithElement(file)
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality))
}

/**
 * Draws the chosen square of the picture at CropLimits.outputSize px and encodes it: WebP where the
 * browser can encode it, JPEG otherwise (the server re-encodes and strips metadata anyway).
 */
export async function exportSquare(
  image: DecodedImage,
  square: { sx: number; sy: number; side: number },
  outputSize: number = CropLimits.outputSize,
): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = outputSize
  canvas.height = outputSize
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no 2d canvas')
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(
    image.source,
    square.sx,
    square.sy,
    square.side,
    square.side,
    0,
    0,
    outputSize,
    outputSize,
  )
  const webp = await toBlob(canvas, 'image/webp', 0.9)
  if (webp && webp.type === 'image/webp') return webp
  const jpeg = await toBlob(canvas, 'image/jpeg', 0.9)
  if (!jpeg) throw new Error('the picture could not be encoded')
  return jpeg
}

/** The upload's file name follows its type. */
export function portraitFile(blob: Blob): File {
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg'
  return new File([blob], `portrait.${extension}`, { type: blob.type })
}
