import { useParams } from 'react-router'
import { NotFoundScreen } from '../errors/index.ts'
import { ProfileScreen } from './ProfileScreen.tsx'
import { profileHandle } from './profile-rules.ts'

/**
 * /@{user_name} and the catch-all /{u} (spec §2): a profile when the segment starts with '@', the 404 page
 * otherwise. Each profile gets fresh screen state (menus, folded bio).
 */
export function ProfileRoute() {
  const { handle } = useParams()
  const userName = profileHandle(handle)
  if (!userName) return <NotFoundScreen />
  return <ProfileScreen key={userName.toLowerCase()} userName={userName} />
}
