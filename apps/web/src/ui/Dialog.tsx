import { type ReactNode, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useModalPresence } from './modal-store.ts'
import { useFocusTrap, useScrollLock } from './use-focus-trap.ts'
import './Dialog.css'

export interface DialogProps {
  open: boolean
  /** Escape and a tap on the backdrop call it; without it the dialog can only be left by its buttons. */
  onClose?: (() => void) | undefined
  title: ReactNode
  /** Shown above the title (an icon or a badge). */
  media?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** Alert dialogs ask for a decision (confirm, age gate). */
  role?: 'dialog' | 'alertdialog'
  className?: string
  /** Raises the dialog above every other overlay (the age gate). */
  layer?: 'overlay' | 'gate'
  /** Width in rem; the confirm dialog passes the contract's Layout.confirmDialogRem. */
  widthRem?: number
}

/** A centred modal: focus trapped inside, Escape closes it when it may be closed, focus restored after. */
export function Dialog({
  open,
  onClose,
  title,
  media,
  children,
  actions,
  role = 'dialog',
  className,
  layer = 'overlay',
  widthRem,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const bodyId = useId()
  useFocusTrap(ref, open, onClose)
  useScrollLock(open)
  useModalPresence(open)
  if (!open) return null
  return createPortal(
    <div className={`v-dialog-backdrop v-dialog-backdrop--${layer}`}>
      <div className="v-scrim" aria-hidden="true" onClick={onClose} />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is 'dialog' or 'alertdialog', both modal */}
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className={['v-dialog', className ?? ''].filter(Boolean).join(' ')}
        style={widthRem ? { width: `min(calc(100vw - 2rem), ${widthRem}rem)` } : undefined}
      >
        {media ? <div className="v-dialog__media">{media}</div> : null}
        <h2 id={titleId} className="v-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="v-dialog__body">
            {children}
          </div>
        ) : null}
        {actions ? <div className="v-dialog__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  )
}
