import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { SubscribePanel } from './SubscribePanel.tsx'

export interface SubscribeSheetProps {
  creatorId: number
  open: boolean
  onClose: () => void
  onSubscribed?: () => void
  /** A free-trial code from a link. */
  trialCode?: string | null
  /** Where the card form and the 3DS page come back to (default: the membership screen). */
  returnPath?: string
}

/**
 * Subscribing from anywhere (a profile, a locked post's "Subscribe to see"): the plan, the card and the
 * button with the amount, in a sheet. Closes itself once the fan is a member.
 */
export function SubscribeSheet({
  creatorId,
  open,
  onClose,
  onSubscribed,
  trialCode = null,
  returnPath,
}: SubscribeSheetProps) {
  return (
    <BottomSheet open={open} onClose={onClose} title="Subscribe">
      {open ? (
        <SubscribePanel
          creatorId={creatorId}
          trialCode={trialCode}
          {...(returnPath ? { returnPath } : {})}
          onSubscribed={() => {
            onSubscribed?.()
            onClose()
          }}
        />
      ) : null}
    </BottomSheet>
  )
}
