import { MessageCircle } from 'lucide-react'
import { Link } from 'react-router'
import { useSession } from '../auth/index.ts'

/** The profile's message button: the room with this creator (a guest signs in first, then lands there). */
export function MessageButton({ userId, name }: { userId: number; name: string }) {
  const session = useSession()
  const me =
    session.kind === 'account' ? session.user.user_id : session.kind === 'anonymous' ? session.userId : 0
  return (
    <Link
      className="v-icon-button v-profile-share"
      to={`/chatRoom?u1=${me}&u2=${userId}`}
      aria-label={`Message ${name}`}
    >
      <MessageCircle aria-hidden="true" />
    </Link>
  )
}
