import { ErrorCodes } from '@velvet/contract'
import { ZoomIn, ZoomOut } from 'lucide-react'
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { type DecodedImage, decodeImage, exportSquare } from './crop-export.ts'
import {
  CropLimits,
  type CropState,
  initialCrop,
  panCrop,
  resizeCrop,
  scaleOf,
  sourceSquare,
  zoomCrop,
} from './crop-math.ts'
import './edit-profile.css'

type Point = { x: number; y: number }
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)
const KEY_STEP = 12

/**
 * Crops a chosen picture to a square: drag (or arrow keys) to move, the slider, a pinch, the wheel or
 * +/- to zoom. The round mask shows how the portrait will look. "Use photo" hands back a 1024 px square.
 */
export function PortraitCropper({
  file,
  onCancel,
  onDone,
}: {
  file: File | null
  onCancel: () => void
  onDone: (blob: Blob) => void
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const pointers = useRef(new Map<number, Point>())
  const sizeRef = useRef(0)
  const [image, setImage] = useState<DecodedImage | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [crop, setCrop] = useState<CropState | null>(null)
  const [size, setSize] = useState(0)
  const [busy, setBusy] = useState(false)
  const open = file !== null
  // The dialog's focus trap restarts when its close handler changes: keep one for the dialog's life.
  const cancelRef = useRef(onCancel)
  cancelRef.current = onCancel
  const cancel = useCallback(() => cancelRef.current(), [])

  useEffect(() => {
    setImage(null)
    setCrop(null)
    setProblem(null)
    if (!file) return
    let alive = true
    let decoded: DecodedImage | null = null
    decodeImage(file)
      .then((result) => {
        decoded = result
        if (alive) setImage(result)
        else result.release()
      })
      .catch(() => {
        if (alive) setProblem(ErrorCodes.UnsupportedMedia.message)
      })
    return () => {
      alive = false
      decoded?.release()
    }
  }, [file])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!open || !canvas) return
    const observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? 0
      if (width > 0) setSize(Math.round(width))
    })
    observer.observe(canvas)
    return () => observer.disconnect()
  }, [open])

  useEffect(() => {
    if (!image || size <= 0) return
    const from = sizeRef.current
    sizeRef.current = size
    setCrop((current) => (current === null ? initialCrop(image, size) : resizeCrop(current, from, size)))
  }, [image, size])

  useEffect(() => {
    const canvas = canvasRef.current
    const context = canvas?.getContext('2d')
    if (!canvas || !context || !image || !crop || size <= 0) return
    const ratio = window.devicePixelRatio || 1
    canvas.width = Math.round(size * ratio)
    canvas.height = Math.round(size * ratio)
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
    context.clearRect(0, 0, size, size)
    const scale = scaleOf(image, size, crop.zoom)
    context.drawImage(image.source, crop.x, crop.y, image.width * scale, image.height * scale)
  }, [image, crop, size])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas || !image) return
    // A native listener: React's wheel handler is passive and could not stop the page scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const rect = canvas.getBoundingClientRect()
      const anchor = { x: event.clientX - rect.left, y: event.clientY - rect.top }
      setCrop((c) => c && zoomCrop(image, size, c, c.zoom * Math.exp(-event.deltaY * 0.002), anchor))
    }
    canvas.addEventListener('wheel', onWheel, { passive: false })
    return () => canvas.removeEventListener('wheel', onWheel)
  }, [image, size])

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
  }
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const previous = pointers.current.get(event.pointerId)
    if (!previous || !image) return
    const point = { x: event.clientX, y: event.clientY }
    const other = [...pointers.current.entries()].find(([id]) => id !== event.pointerId)?.[1]
    if (other) {
      const rect = event.currentTarget.getBoundingClientRect()
      const anchor = { x: (point.x + other.x) / 2 - rect.left, y: (point.y + other.y) / 2 - rect.top }
      const factor = distance(point, other) / Math.max(1, distance(previous, other))
      setCrop((c) => c && zoomCrop(image, size, c, c.zoom * factor, anchor))
    } else {
      setCrop((c) => c && panCrop(image, size, c, point.x - previous.x, point.y - previous.y))
    }
    pointers.current.set(event.pointerId, point)
  }
  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    pointers.current.delete(event.pointerId)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!image) return
    const moves: Record<string, Point> = {
      ArrowLeft: { x: KEY_STEP, y: 0 },
      ArrowRight: { x: -KEY_STEP, y: 0 },
      ArrowUp: { x: 0, y: KEY_STEP },
      ArrowDown: { x: 0, y: -KEY_STEP },
    }
    const move = moves[event.key]
    if (move) setCrop((c) => c && panCrop(image, size, c, move.x, move.y))
    else if (event.key === '+' || event.key === '=')
      setCrop((c) => c && zoomCrop(image, size, c, c.zoom + 0.1))
    else if (event.key === '-') setCrop((c) => c && zoomCrop(image, size, c, c.zoom - 0.1))
    else return
    event.preventDefault()
  }

  const onUse = async () => {
    if (!image || !crop) return
    setBusy(true)
    try {
      onDone(await exportSquare(image, sourceSquare(image, size, crop)))
    } catch {
      setProblem("Couldn't prepare this photo. Please try another one.")
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={cancel}
      title="Crop your photo"
      className="v-cropper-dialog"
      actions={
        <>
          <Button block size="md" loading={busy} disabled={!crop} onClick={onUse}>
            Use photo
          </Button>
          <Button block size="md" variant="ghost" onClick={cancel}>
            Cancel
          </Button>
        </>
      }
    >
      <div className="v-cropper">
        <div className="v-cropper__frame" data-ready={crop ? '' : undefined}>
          <canvas
            ref={canvasRef}
            className="v-cropper__canvas"
            tabIndex={0}
            data-autofocus
            role="img"
            aria-label="Photo crop area. Drag or use the arrow keys to move the photo; plus and minus zoom."
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onKeyDown={onKeyDown}
          />
          <span className="v-cropper__mask" aria-hidden="true" />
        </div>
        <div className="v-cropper__zoom">
          <ZoomOut aria-hidden="true" />
          <input
            type="range"
            aria-label="Zoom"
            min={CropLimits.minZoom}
            max={CropLimits.maxZoom}
            step={0.01}
            value={crop?.zoom ?? 1}
            disabled={!crop}
            onChange={(event) => {
              const zoom = Number(event.target.value)
              if (image) setCrop((c) => c && zoomCrop(image, size, c, zoom))
            }}
          />
          <ZoomIn aria-hidden="true" />
        </div>
        {problem ? <Alert>{problem}</Alert> : null}
      </div>
    </Dialog>
  )
}
