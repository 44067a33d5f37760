import { describe, expect, it } from 'vitest'
import {
  CropLimits,
  clampCrop,
  initialCrop,
  panCrop,
  resizeCrop,
  scaleOf,
  sourceSquare,
  zoomCrop,
} from './crop-math.ts'

const wide = { width: 2000, height: 1000 }
const tall = { width: 600, height: 1800 }
const size = 300

describe('portrait crop maths', () => {
  it('starts centred, just covering the square', () => {
    expect(initialCrop(wide, size)).toEqual({ zoom: 1, x: -150, y: 0 })
    expect(initialCrop(tall, size)).toEqual({ zoom: 1, x: 0, y: -300 })
    expect(sourceSquare(wide, size, initialCrop(wide, size))).toEqual({ sx: 500, sy: 0, side: 1000 })
  })

  it('never lets the picture leave a gap', () => {
    const start = initialCrop(wide, size)
    expect(panCrop(wide, size, start, 1000, 0)).toEqual({ zoom: 1, x: 0, y: 0 })
    expect(panCrop(wide, size, start, -1000, 50)).toEqual({ zoom: 1, x: -300, y: 0 })
    expect(clampCrop(wide, size, { zoom: 9, x: 5, y: 5 }).zoom).toBe(CropLimits.maxZoom)
    expect(clampCrop(wide, size, { zoom: 0.2, x: 0, y: 0 }).zoom).toBe(CropLimits.minZoom)
  })

  it('zooms around the centre: the middle of the picture stays in the middle', () => {
    const zoomed = zoomCrop(tall, size, initialCrop(tall, size), 2)
    const scale = scaleOf(tall, size, 2)
    expect((size / 2 - zoomed.x) / scale).toBeCloseTo(300)
    expect((size / 2 - zoomed.y) / scale).toBeCloseTo(900)
    const square = sourceSquare(tall, size, zoomed)
    expect(square.side).toBeCloseTo(300)
    expect(square.sx).toBeCloseTo(150)
    expect(square.sy).toBeCloseTo(750)
  })

  it('zooming out again clamps back inside the picture', () => {
    const panned = panCrop(wide, size, zoomCrop(wide, size, initialCrop(wide, size), 3), -10_000, -10_000)
    const out = zoomCrop(wide, size, panned, 1)
    expect(out.x).toBeGreaterThanOrEqual(size - 600)
    expect(out.y).toBe(0)
    const square = sourceSquare(wide, size, out)
    expect(square.sx + square.side).toBeLessThanOrEqual(wide.width)
    expect(square.sy + square.side).toBeLessThanOrEqual(wide.height)
  })

  it('keeps the same crop when the viewport is resized', () => {
    const state = zoomCrop(wide, size, initialCrop(wide, size), 1.5)
    const bigger = resizeCrop(state, size, 450)
    expect(sourceSquare(wide, 450, bigger).sx).toBeCloseTo(sourceSquare(wide, size, state).sx)
    expect(resizeCrop(state, 0, 450)).toBe(state)
  })
})
