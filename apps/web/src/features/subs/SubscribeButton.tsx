import { SubsPaths } from '@velvet/contract'
import { Crown } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { useWithAccount } from '../auth/index.ts'
import { SubscribeSheet } from './SubscribeSheet.tsx'
import { useOffer, useViewerId } from './subs.queries.ts'

/**
 * The profile's Subscribe button: opens the subscribe sheet (guests sign in first); for a member it reads
 * "Member" and opens the membership.
 */
export function SubscribeButton({ creatorId }: { creatorId: number }) {
  const [open, setOpen] = useState(false)
  const withAccount = useWithAccount()
  const signedIn = useViewerId() > 0
  const offer = useOffer(creatorId, null, signedIn)
  const status = offer.data?.subscription?.status
  if (status === 'active' || status === 'grace')
    return (
      <Link
        to={SubsPaths.detail(creatorId)}
        className={buttonClassName({ variant: 'secondary', size: 'md', block: true })}
      >
        <span className="v-button__icon" aria-hidden="true">
          <Crown />
        </span>
        Member
      </Link>
    )
  return (
    <>
      <Button
        variant="secondary"
        size="md"
        block
        icon={<Crown />}
        onClick={() => withAccount(() => setOpen(true))}
      >
        Subscribe
      </Button>
      <SubscribeSheet creatorId={creatorId} open={open} onClose={() => setOpen(false)} />
    </>
  )
}
