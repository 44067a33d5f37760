import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react'

export interface SortableOptions {
  keys: readonly string[]
  onMove(from: number, to: number): void
  /** How an item is named to screen readers ("photo 2"). */
  describe(key: string): string
}

/** The attribute a sortable item carries so a pointer over it can be told apart. */
export const SORT_KEY_ATTRIBUTE = 'data-sort-key'

/**
 * Reordering a grid by a grip on each item: drag it with a finger or a mouse (pointer events, so touch
 * works too), or with the keyboard (Space picks up, arrows move, Space or Enter drops, Escape puts it
 * back). What happens is announced in a live region.
 */
export function useSortable({ keys, onMove, describe }: SortableOptions) {
  const [dragging, setDragging] = useState<string | null>(null)
  const [grabbed, setGrabbed] = useState<{ key: string; from: number } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const latest = useRef({ keys, onMove })
  latest.current = { keys, onMove }

  useEffect(() => {
    if (!dragging) return
    const onPointerMove = (event: globalThis.PointerEvent) => {
      const over = document.elementFromPoint(event.clientX, event.clientY)?.closest(`[${SORT_KEY_ATTRIBUTE}]`)
      const target = over?.getAttribute(SORT_KEY_ATTRIBUTE)
      const { keys: order, onMove: move } = latest.current
      const from = order.indexOf(dragging)
      const to = target ? order.indexOf(target) : -1
      if (from >= 0 && to >= 0 && from !== to) move(from, to)
    }
    const stop = () => setDragging(null)
    window.addEventListener('pointermove', onPointerMove)
    window.addEventListener('pointerup', stop)
    window.addEventListener('pointercancel', stop)
    return () => {
      window.removeEventListener('pointermove', onPointerMove)
      window.removeEventListener('pointerup', stop)
      window.removeEventListener('pointercancel', stop)
    }
  }, [dragging])

  const position = useCallback(
    (key: string) => `${describe(key)}, position ${keys.indexOf(key) + 1} of ${keys.length}`,
    [describe, keys],
  )

  const gripProps = (key: string) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return
      event.preventDefault()
      setDragging(key)
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const index = keys.indexOf(key)
      if (!grabbed || grabbed.key !== key) {
        if (event.key === ' ' || event.key === 'Enter') {
          event.preventDefault()
          setGrabbed({ key, from: index })
          setAnnouncement(`Picked up ${position(key)}. Use the arrow keys to move it, Space to drop it.`)
        }
        return
      }
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key]
      if (step !== undefined) {
        event.preventDefault()
        const to = Math.max(0, Math.min(keys.length - 1, index + step))
        if (to !== index) {
          onMove(index, to)
          setAnnouncement(`${describe(key)} moved to position ${to + 1} of ${keys.length}.`)
        }
      } else if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault()
        setGrabbed(null)
        setAnnouncement(`Dropped ${position(key)}.`)
      } else if (event.key === 'Escape') {
        event.preventDefault()
        if (index !== grabbed.from) onMove(index, grabbed.from)
        setGrabbed(null)
        setAnnouncement(`Put back ${describe(key)} at position ${grabbed.from + 1}.`)
      }
    },
    onBlur() {
      if (grabbed?.key === key) setGrabbed(null)
    },
    'aria-pressed': grabbed?.key === key,
  })

  return {
    /** The item being dragged with a pointer, or held with the keyboard. */
    active: dragging ?? grabbed?.key ?? null,
    gripProps,
    announcement,
  }
}
