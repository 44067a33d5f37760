import { Layout } from '@velvet/contract'
import type { ReactNode } from 'react'
import { Button } from './Button.tsx'
import { useConfirmRequest } from './confirm-store.ts'
import { Dialog } from './Dialog.tsx'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  message?: ReactNode
  confirmLabel?: string
  /** Without a cancel label the dialog has one button (e.g. a permission notice). */
  cancelLabel?: string | null
  tone?: 'primary' | 'danger'
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** The confirm dialog of every screen (spec §9: 21.875rem wide), keyboard and screen-reader usable. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      role="alertdialog"
      onClose={onCancel}
      title={title}
      widthRem={Layout.confirmDialogRem}
      actions={
        <>
          <Button
            block
            size="md"
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            onClick={onConfirm}
            data-autofocus
          >
            {confirmLabel}
          </Button>
          {cancelLabel ? (
            <Button block size="md" variant="ghost" onClick={onCancel}>
              {cancelLabel}
            </Button>
          ) : null}
        </>
      }
    >
      {message}
    </Dialog>
  )
}

/** Renders the dialog `confirm()` asked for (mounted once by the root layout). */
export function ConfirmHost() {
  const request = useConfirmRequest()
  return (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message}
      confirmLabel={request?.confirmLabel}
      cancelLabel={request?.cancelLabel}
      tone={request?.tone}
      onConfirm={() => request?.resolve(true)}
      onCancel={() => request?.resolve(false)}
    />
  )
}
