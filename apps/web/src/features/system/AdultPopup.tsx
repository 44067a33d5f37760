import { useNavigate } from 'react-router'
import { AdultMark } from '../../ui/AdultTip.tsx'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { useAdultPopup } from './adult-popup.ts'

/** The adult-content popup of a creator's page; the profile screen renders it with the creator's id. */
export function AdultPopup({ targetUserId }: { targetUserId: number | null }) {
  const popup = useAdultPopup(targetUserId)
  const navigate = useNavigate()
  return (
    <Dialog
      open={popup.open}
      role="alertdialog"
      title="This profile contains adult content"
      media={<AdultMark />}
      actions={
        <>
          <Button block size="md" loading={popup.confirming} onClick={popup.confirm} data-autofocus>
            Continue
          </Button>
          <Button block size="md" variant="ghost" onClick={() => void navigate(-1)}>
            Go back
          </Button>
        </>
      }
    >
      Posts and messages of this creator may show nudity and sexual content. Continue only if you want to see
      it.
    </Dialog>
  )
}
