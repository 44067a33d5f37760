import { UserRole } from '@velvet/contract'
import { Bell, Camera, House, MessageCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink, useLocation, useNavigate } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { useSession } from '../auth/index.ts'
import { useSystemInit } from '../system/index.ts'
import { createPostPopup } from './create-post-store.ts'
import { publishAction } from './guards.ts'
import { unreadLabel } from './nav.ts'
import './TabBar.css'

function Tab({
  to,
  name,
  count = 0,
  children,
}: {
  to: string
  name: string
  count?: number
  children: ReactNode
}) {
  return (
    <NavLink to={to} className="v-tab" aria-label={unreadLabel(name, count)} end>
      <span className="v-tab__icon">
        {children}
        <Badge count={count} className="v-tab__badge" />
      </span>
    </NavLink>
  )
}

/** The bottom tab bar (spec §2): home, notifications, publish, messages, me; unread badges from system/init. */
export function TabBar() {
  const session = useSession()
  const unread = useSystemInit().data
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const account = session.kind === 'account' ? session.user : null
  const role = account?.user_role ?? UserRole.None
  const me = account?.user_name ? `/@${account.user_name}` : '/login'
  const name = account?.nickname ?? account?.user_name ?? 'Me'

  const onPublish = () => {
    const action = publishAction(role, `${pathname}${search}`)
    if (action.kind === 'popup') createPostPopup.open()
    else void navigate(action.to)
  }

  return (
    <nav className="v-tabbar" aria-label="Main">
      <Tab to="/home" name="Home">
        <House aria-hidden="true" />
      </Tab>
      <Tab to="/notifications" name="Notifications" count={unread?.TN ?? 0}>
        <Bell aria-hidden="true" />
      </Tab>
      <button type="button" className="v-tab v-tab--publish" aria-label="Publish" onClick={onPublish}>
        <span className="v-tab__publish">
          <Camera aria-hidden="true" />
        </span>
      </button>
      <Tab to="/message" name="Messages" count={unread?.TC ?? 0}>
        <MessageCircle aria-hidden="true" />
      </Tab>
      <NavLink to={me} className="v-tab" end>
        <span className="v-tab__icon">
          <Avatar src={account?.portrait} name={name} size="xs" decorative anonymous={!account} />
        </span>
        <span className="v-visually-hidden">Me</span>
      </NavLink>
    </nav>
  )
}
