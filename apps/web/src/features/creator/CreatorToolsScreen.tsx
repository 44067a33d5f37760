import { SubsPaths, UserRole } from '@velvet/contract'
import {
  Banknote,
  Bot,
  Crown,
  HandCoins,
  ListChecks,
  MapPinOff,
  Megaphone,
  MessageSquareLock,
  PenSquare,
  Radio,
  Sparkles,
  UserPen,
  Users,
} from 'lucide-react'
import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { Tag } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { RequireAccount, useSession } from '../auth/index.ts'
import { MassPath } from '../mass/index.ts'
import { PayoutPaths } from '../payout/index.ts'
import { PublishPath } from '../publish/index.ts'
import { ReferralPaths } from '../referral/index.ts'
import { SettingsPath } from '../settings/index.ts'
import { SubsSettingsPath } from '../subs/index.ts'
import '../../ui/screen-kit.css'
import './creator.css'

interface Tool {
  title: string
  text: string
  icon: ComponentType<{ 'aria-hidden'?: boolean }>
  /** Where it opens; none while the capability is not in this build. */
  to?: string
}

/** The creator's tools; those of later capabilities say so plainly. */
export const CREATOR_TOOLS: readonly Tool[] = [
  {
    title: 'Edit profile',
    text: 'Picture, name, username and bio',
    icon: UserPen,
    to: SettingsPath.editProfile,
  },
  { title: 'Lists', text: 'Group fans, e.g. “VIP fans”', icon: ListChecks, to: SettingsPath.lists },
  {
    title: 'Blocked locations',
    text: 'Hide your profile from places',
    icon: MapPinOff,
    to: SettingsPath.blockedLocations,
  },
  { title: 'New post', text: 'Free and paid posts, scheduling', icon: PenSquare, to: PublishPath.compose },
  { title: 'Live', text: 'Stream with tickets and gifts', icon: Radio },
  { title: 'Mass messages', text: 'Message many fans at once', icon: Megaphone, to: MassPath.list },
  { title: 'Memberships', text: 'Price, bundles, promotions, trials', icon: Crown, to: SubsSettingsPath },
  { title: 'Members', text: 'Who subscribes to you', icon: Users, to: SubsPaths.subscribers },
  {
    title: 'Paid messages',
    text: 'Your price per message',
    icon: MessageSquareLock,
    to: SettingsPath.paidMessage,
  },
  { title: 'Payouts', text: 'Withdraw your earnings', icon: Banknote, to: PayoutPaths.home },
  { title: 'Referrals', text: 'Earn 5% of creators you bring', icon: HandCoins, to: ReferralPaths.earn },
  { title: 'Personal agent', text: 'A concierge that chats for you', icon: Bot },
]

/** /user/creator_tools: creators see their tools; viewers are invited to become one. */
export function CreatorToolsScreen() {
  return (
    <RequireAccount>
      <CreatorTools />
    </RequireAccount>
  )
}

function CreatorTools() {
  const session = useSession()
  const creator = session.kind === 'account' && session.user.user_role === UserRole.Creator
  return (
    <div className="v-screen">
      <ScreenBar fallback={SETTINGS_PATH} title="Creator tools" />
      <main className="v-set-body">
        {creator ? (
          <ul className="v-tools" aria-label="Creator tools">
            {CREATOR_TOOLS.map((tool) => (
              <li key={tool.title}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            variant="card"
            icon={<Sparkles />}
            title="Become a creator"
            text="Creator tools open once you are a verified creator: accept the creator agreement and verify your identity. It takes a few minutes."
            action={
              <Link
                to={`${SettingsPath.creatorAudit}?redirect=${encodeURIComponent(SettingsPath.creatorTools)}`}
                className={buttonClassName({ size: 'md' })}
              >
                <Sparkles aria-hidden="true" />
                Become a creator
              </Link>
            }
          />
        )}
      </main>
    </div>
  )
}

function ToolCard({ tool }: { tool: Tool }) {
  const Icon = tool.icon
  const content = (
    <>
      <span className="v-tools__icon">
        <Icon aria-hidden />
      </span>
      <span className="v-tools__title">{tool.title}</span>
      <span className="v-tools__text">{tool.text}</span>
      {tool.to ? null : <Tag>Not available yet</Tag>}
    </>
  )
  if (tool.to) {
    return (
      <Link to={tool.to} className="v-tools__card v-tools__card--link">
        {content}
      </Link>
    )
  }
  return (
    <div className="v-tools__card v-tools__card--soon" aria-disabled="true">
      {content}
    </div>
  )
}
