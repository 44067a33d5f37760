import { UserCheck, UserPlus } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '../../ui/Button.tsx'
import { loginWithRedirect, useSession } from '../auth/index.ts'
import { useFollowToggle } from './follow.ts'

/**
 * Follow / Following. Guests are sent to sign in and brought back (`returnTo`, default: here). While a
 * change is on its way, further taps are ignored (the state shown is already the optimistic one).
 */
export function FollowButton({
  userId,
  following,
  name,
  returnTo,
  size = 'md',
  block = false,
  onChange,
}: {
  userId: number
  following: boolean
  /** Who, for the accessible label ("Follow Mia"). */
  name: string
  returnTo?: string
  size?: 'md' | 'lg'
  block?: boolean
  /** After the server agreed (e.g. the home feed refreshes its suggestions). */
  onChange?: ((following: boolean) => void) | undefined
}) {
  const session = useSession()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const toggle = useFollowToggle(userId)

  const onClick = () => {
    if (session.kind !== 'account') {
      void navigate(loginWithRedirect(returnTo ?? `${pathname}${search}`))
      return
    }
    if (toggle.isPending) return
    toggle.mutate(!following, { onSuccess: (answer) => onChange?.(answer.is_following) })
  }

  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      block={block}
      icon={following ? <UserCheck /> : <UserPlus />}
      aria-label={following ? `Following ${name}. Unfollow` : `Follow ${name}`}
      aria-busy={toggle.isPending || undefined}
      onClick={onClick}
    >
      {following ? 'Following' : 'Follow'}
    </Button>
  )
}
