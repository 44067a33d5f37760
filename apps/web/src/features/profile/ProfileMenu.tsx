import { BlockTexts, type PublicProfile } from '@velvet/contract'
import { Ban, Flag, Share2, ShieldCheck } from 'lucide-react'
import { BottomSheet, SheetAction } from '../../ui/BottomSheet.tsx'
import { shareProfile } from './share.ts'

/** The "…" menu of someone else's profile: share, report, block or unblock. */
export function ProfileMenu({
  profile,
  open,
  onClose,
  onReport,
  onBlockToggle,
}: {
  profile: PublicProfile
  open: boolean
  onClose: () => void
  onReport: () => void
  onBlockToggle: () => void
}) {
  const handle = `@${profile.user_name}`
  const then = (action: () => void) => () => {
    onClose()
    action()
  }
  return (
    <BottomSheet open={open} onClose={onClose} title={handle}>
      <SheetAction icon={<Share2 />} label="Share profile" onClick={then(() => void shareProfile(profile))} />
      <SheetAction
        icon={<Flag />}
        label={`Report ${handle}`}
        hint="Tell our moderators what's wrong"
        onClick={then(onReport)}
      />
      {profile.is_blocked_by_me ? (
        <SheetAction
          icon={<ShieldCheck />}
          label={`Unblock ${handle}`}
          hint="They can see your profile and contact you again"
          onClick={then(onBlockToggle)}
        />
      ) : (
        <SheetAction
          icon={<Ban />}
          label={`Block ${handle}`}
          hint={BlockTexts.short}
          onClick={then(onBlockToggle)}
        />
      )}
    </BottomSheet>
  )
}
