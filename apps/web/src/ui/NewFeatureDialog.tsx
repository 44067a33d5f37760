import { Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './Button.tsx'
import { Dialog } from './Dialog.tsx'

/** Announces what is new (spec §2 overlays); the caller decides when it shows (once, before a cut-off). */
export function NewFeatureDialog({
  open,
  title,
  children,
  actionLabel = 'Got it',
  onClose,
}: {
  open: boolean
  title: string
  children: ReactNode
  actionLabel?: string
  onClose: () => void
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      media={
        <span className="v-icon-badge">
          <Sparkles aria-hidden="true" />
        </span>
      }
      actions={
        <Button block size="md" onClick={onClose}>
          {actionLabel}
        </Button>
      }
    >
      {children}
    </Dialog>
  )
}
