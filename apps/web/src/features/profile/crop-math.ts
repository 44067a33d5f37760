/**
 * The maths of the portrait cropper: a square viewport of `size` px shows the picture scaled to cover it
 * (zoom 1) or more; the picture can be moved but never leaves a gap. `x`/`y` are the picture's top-left
 * corner in viewport pixels (0 or negative).
 */
export interface CropImage {
  width: number
  height: number
}

export interface CropState {
  zoom: number
  x: number
  y: number
}

export const CropLimits = {
  minZoom: 1,
  maxZoom: 4,
  /** Side of the exported square, in px. */
  outputSize: 1024,
} as const

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** Picture pixels → viewport pixels at `zoom`. */
export function scaleOf(image: CropImage, size: number, zoom: number): number {
  return (size / Math.min(image.width, image.height)) * zoom
}

/** Keeps the zoom in range and the picture covering the whole viewport. */
export function clampCrop(image: CropImage, size: number, state: CropState): CropState {
  const zoom = clamp(state.zoom, CropLimits.minZoom, CropLimits.maxZoom)
  const scale = scaleOf(image, size, zoom)
  return {
    zoom,
    x: clamp(state.x, size - image.width * scale, 0),
    y: clamp(state.y, size - image.height * scale, 0),
  }
}

/** The picture centred and just covering the viewport. */
export function initialCrop(image: CropImage, size: number): CropState {
  const scale = scaleOf(image, size, 1)
  return { zoom: 1, x: (size - image.width * scale) / 2, y: (size - image.height * scale) / 2 }
}

export function panCrop(image: CropImage, size: number, state: CropState, dx: number, dy: number): CropState {
  return clampCrop(image, size, { ...state, x: state.x + dx, y: state.y + dy })
}

/** Zooms keeping the picture point under `anchor` (the viewport centre by default) where it is. */
export function zoomCrop(
  image: CropImage,
  size: number,
  state: CropState,
  zoom: number,
  anchor: { x: number; y: number } = { x: size / 2, y: size / 2 },
): CropState {
  const next = clamp(zoom, CropLimits.minZoom, CropLimits.maxZoom)
  const before = scaleOf(image, size, state.zoom)
  const after = scaleOf(image, size, next)
  const px = (anchor.x - state.x) / before
  const py = (anchor.y - state.y) / before
  return clampCrop(image, size, { zoom: next, x: anchor.x - px * after, y: anchor.y - py * after })
}

/** The same crop in a viewport of another size (the element was resized). */
export function resizeCrop(state: CropState, from: number, to: number): CropState {
  if (from <= 0) return state
  const ratio = to / from
  return { zoom: state.zoom, x: state.x * ratio, y: state.y * ratio }
}

/** The square of the picture (in picture pixels) that the viewport shows: what gets exported. */
export function sourceSquare(
  image: CropImage,
  size: number,
  state: CropState,
): { sx: number; sy: number; side: number } {
  const scale = scaleOf(image, size, state.zoom)
  const side = Math.min(size / scale, image.width, image.height)
  return {
    sx: clamp(-state.x / scale, 0, image.width - side),
    sy: clamp(-state.y / scale, 0, image.height - side),
    side,
  }
}
