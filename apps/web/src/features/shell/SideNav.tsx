import { UserRole } from '@velvet/contract'
import {
  Bell,
  Crown,
  House,
  type LucideIcon,
  MessageCircle,
  Plus,
  Settings,
  Users,
  Wallet,
  Wrench,
} from 'lucide-react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { useSession } from '../auth/index.ts'
import { useSystemInit } from '../system/index.ts'
import { createPostPopup } from './create-post-store.ts'
import { publishAction } from './guards.ts'
import { unreadSuffix } from './nav.ts'
import './SideNav.css'

interface Item {
  to: string
  name: string
  icon: LucideIcon
  count?: number
}

function NavItem({ to, name, icon: Icon, count = 0 }: Item) {
  return (
    <NavLink to={to} className="v-sidenav__item" end>
      <span className="v-sidenav__icon">
        <Icon aria-hidden="true" />
        <Badge count={count} className="v-sidenav__badge" />
      </span>
      {/* The name is the visible label (a narrow rail hides it visually only), then the unread count for
          screen readers: "Messages, 3 unread". */}
      <span className="v-sidenav__text">{name}</span>
      {count > 0 ? <span className="v-visually-hidden">{unreadSuffix(count)}</span> : null}
    </NavLink>
  )
}

/**
 * The desktop navigation (≥ 768 px with a hovering pointer, where the bottom tab bar is not shown): the tab
 * bar's places with their unread badges as a side menu, the places a signed-in account reaches from
 * Settings, and the publish button. Labels show when the rail is wide enough; a narrow rail shows icons.
 */
export function SideNav() {
  const session = useSession()
  const unread = useSystemInit().data
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const account = session.kind === 'account' ? session.user : null
  const role = account?.user_role ?? UserRole.None
  const creator = role === UserRole.Creator

  const onPublish = () => {
    const action = publishAction(role, `${pathname}${search}`)
    if (action.kind === 'popup') createPostPopup.open()
    else void navigate(action.to)
  }

  const items: Item[] = [
    { to: '/home', name: 'Home', icon: House },
    { to: '/notifications', name: 'Notifications', icon: Bell, count: unread?.TN ?? 0 },
    { to: '/message', name: 'Messages', icon: MessageCircle, count: unread?.TC ?? 0 },
  ]
  if (account) {
    items.push(
      { to: '/subs/subscriptions', name: 'Subscriptions', icon: Crown },
      { to: '/pay/wallet', name: 'Wallet', icon: Wallet },
    )
    if (creator)
      items.push(
        { to: '/subs/subscribers', name: 'Subscribers', icon: Users },
        { to: '/user/creator_tools', name: 'Creator tools', icon: Wrench },
      )
    items.push({ to: SETTINGS_PATH, name: 'Settings', icon: Settings })
  }

  return (
    <nav className="v-sidenav" aria-label="Main">
      {items.map((item) => (
        <NavItem key={item.to} {...item} />
      ))}
      {account?.user_name ? (
        <NavLink to={`/@${account.user_name}`} className="v-sidenav__item" end>
          <span className="v-sidenav__icon">
            <Avatar
              src={account.portrait}
              name={account.nickname ?? account.user_name}
              size="xs"
              decorative
            />
          </span>
          <span className="v-sidenav__text">Profile</span>
        </NavLink>
      ) : null}
      {account ? (
        <button type="button" className="v-sidenav__publish" onClick={onPublish}>
          <Plus aria-hidden="true" />
          <span className="v-sidenav__text">New post</span>
        </button>
      ) : (
        <Link to="/login" className="v-sidenav__publish">
          <span>Sign in</span>
        </Link>
      )}
    </nav>
  )
}
