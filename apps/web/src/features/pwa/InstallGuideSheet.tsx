import { EllipsisVertical, MonitorDown, Share, SquarePlus } from 'lucide-react'
import type { ReactNode } from 'react'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import './pwa.css'

function Step({ n, icon, children }: { n: number; icon: ReactNode; children: ReactNode }) {
  return (
    <li className="v-install-step">
      <span className="v-install-step__n" aria-hidden="true">
        {n}
      </span>
      <span className="v-install-step__text">{children}</span>
      <span className="v-install-step__icon" aria-hidden="true">
        {icon}
      </span>
    </li>
  )
}

/**
 * The install guide sheet (spec §2 overlays). On iOS Safari the only way is Share → Add to Home Screen;
 * other browsers without an install prompt get their menu's steps.
 */
export function InstallGuideSheet({
  open,
  variant,
  onClose,
}: {
  open: boolean
  variant: 'ios' | 'browser'
  onClose: () => void
}) {
  return (
    <BottomSheet open={open} onClose={onClose} title="Install Velvet">
      <div className="v-install-guide" data-testid={`install-guide-${variant}`}>
        <p className="v-install-guide__lead">
          Add Velvet to your home screen: it opens full screen like an app, and you can turn on notifications
          for new messages.
        </p>
        {variant === 'ios' ? (
          <ol className="v-install-guide__steps">
            <Step n={1} icon={<Share />}>
              Tap <strong>Share</strong> in Safari's toolbar.
            </Step>
            <Step n={2} icon={<SquarePlus />}>
              Scroll down and tap <strong>Add to Home Screen</strong>.
            </Step>
            <Step n={3} icon={<span className="v-install-step__word">Add</span>}>
              Tap <strong>Add</strong>, then open Velvet from your home screen.
            </Step>
          </ol>
        ) : (
          <ol className="v-install-guide__steps">
            <Step n={1} icon={<EllipsisVertical />}>
              Open your browser's <strong>menu</strong>.
            </Step>
            <Step n={2} icon={<MonitorDown />}>
              Choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.
            </Step>
            <Step n={3} icon={<span className="v-install-step__word">Install</span>}>
              Confirm, then open Velvet from your home screen or app list.
            </Step>
          </ol>
        )}
        <button type="button" className="v-install-guide__done" onClick={onClose}>
          Got it
        </button>
      </div>
    </BottomSheet>
  )
}
