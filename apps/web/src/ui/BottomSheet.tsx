import { X } from 'lucide-react'
import { type ReactNode, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useModalPresence } from './modal-store.ts'
import { useFocusTrap, useScrollLock } from './use-focus-trap.ts'
import './BottomSheet.css'

export interface BottomSheetProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** Hides the title visually (it still names the sheet for screen readers). */
  hideTitle?: boolean
  children: ReactNode
}

/**
 * A sheet that rises from the bottom (create popup, install guide, pickers): focus trapped inside,
 * Escape, the close button or a tap on the backdrop closes it. On wide screens it sits in the feed column.
 */
export function BottomSheet({ open, onClose, title, hideTitle = false, children }: BottomSheetProps) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useFocusTrap(ref, open, onClose)
  useScrollLock(open)
  useModalPresence(open)
  if (!open) return null
  return createPortal(
    <div className="v-sheet-backdrop">
      <div className="v-scrim" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="v-sheet"
      >
        <span className="v-sheet__grip" aria-hidden="true" />
        <header className={hideTitle ? 'v-sheet__header v-sheet__header--bare' : 'v-sheet__header'}>
          <h2 id={titleId} className={hideTitle ? 'v-visually-hidden' : 'v-sheet__title'}>
            {title}
          </h2>
          <button type="button" className="v-sheet__close" aria-label="Close" onClick={onClose}>
            <X aria-hidden="true" />
          </button>
        </header>
        <div className="v-sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  )
}

/** A large tappable row of a sheet (icon, label, optional hint). */
export function SheetAction({
  icon,
  label,
  hint,
  onClick,
}: {
  icon: ReactNode
  label: string
  hint?: string
  onClick: () => void
}) {
  return (
    <button type="button" className="v-sheet-action" onClick={onClick}>
      <span className="v-sheet-action__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="v-sheet-action__text">
        <span className="v-sheet-action__label">{label}</span>
        {hint ? <span className="v-sheet-action__hint">{hint}</span> : null}
      </span>
    </button>
  )
}
