import { SubsPaths, UserRole } from '@velvet/contract'
import {
  BadgeCheck,
  BadgeDollarSign,
  Ban,
  CircleHelp,
  CreditCard,
  Crown,
  FileText,
  Flame,
  HandCoins,
  KeyRound,
  Landmark,
  ListChecks,
  LogOut,
  Mail,
  MapPinOff,
  MessageSquareLock,
  ReceiptText,
  Sparkles,
  UserPen,
  Users,
  Vibrate,
  Wallet,
  Wrench,
} from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { RowButton, RowGroup, RowInfo, RowLink, Tag } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { logout, RequireAccount, sessionExit, useSession } from '../auth/index.ts'
import { InfoPath } from '../info/index.ts'
import { PaymentPaths } from '../payments/index.ts'
import { PayoutPaths } from '../payout/index.ts'
import { ReferralPaths } from '../referral/index.ts'
import { SubsSettingsPath } from '../subs/index.ts'
import { WalletPaths } from '../wallet/index.ts'
import { SettingsPath } from './settings-paths.ts'
import '../../ui/screen-kit.css'
import './SettingsScreen.css'

/** /setting: every setting of the account, grouped. */
export function SettingsScreen() {
  return (
    <RequireAccount>
      <Settings />
    </RequireAccount>
  )
}

function Settings() {
  const session = useSession()
  if (session.kind !== 'account') return null
  const { user } = session
  const creator = user.user_role === UserRole.Creator
  const name = user.nickname ?? user.user_name ?? 'Me'

  return (
    <div className="v-screen">
      <ScreenBar title="Settings" fallback="/home" />
      <main className="v-set-body">
        {user.user_name ? (
          <Link to={`/@${user.user_name}`} className="v-set-me">
            <Avatar src={user.portrait} name={name} size="lg" decorative />
            <span className="v-set-me__text">
              <span className="v-set-me__name">{name}</span>
              <span className="v-set-me__handle">@{user.user_name}</span>
            </span>
            {creator ? (
              <Tag tone="accent">
                <BadgeCheck aria-hidden="true" className="v-set-me__badge" /> Creator
              </Tag>
            ) : null}
          </Link>
        ) : null}

        <RowGroup title="Account">
          <RowLink
            to={SettingsPath.account}
            icon={<KeyRound />}
            title="Account"
            hint="E-mail, sign-in, devices, delete account"
          />
          <RowLink to={SettingsPath.editProfile} icon={<UserPen />} title="Edit profile" />
        </RowGroup>

        <RowGroup title="Money">
          <RowLink
            to={WalletPaths.wallet}
            icon={<Wallet />}
            title="Wallet"
            hint="Coins, spending, buy coins"
          />
          <RowLink to={WalletPaths.transactions} icon={<ReceiptText />} title="Transactions" />
          <RowLink to={PaymentPaths.cards} icon={<CreditCard />} title="Saved cards" />
          <RowLink
            to={SubsPaths.subscriptions}
            icon={<Crown />}
            title="Memberships"
            hint="Creators you support"
          />
        </RowGroup>

        <RowGroup title="Content and privacy">
          <RowLink
            to={SettingsPath.adult}
            icon={<Flame />}
            title="Adult content"
            hint="Show adult content, blur previews"
          />
          <RowLink to={SettingsPath.blockedAccounts} icon={<Ban />} title="Blocked accounts" />
          <RowLink
            to={SettingsPath.blockedLocations}
            icon={<MapPinOff />}
            title="Blocked locations"
            hint="Hide your profile from countries and US states"
          />
          <RowLink to={SettingsPath.lists} icon={<ListChecks />} title="Lists" />
        </RowGroup>

        <RowGroup title="Notifications">
          <RowLink to={SettingsPath.emailNotifications} icon={<Mail />} title="E-mail notifications" />
        </RowGroup>

        <RowGroup title="Creator">
          {creator ? (
            <>
              <RowLink to={SettingsPath.creatorTools} icon={<Wrench />} title="Creator tools" />
              <RowLink to={SubsPaths.subscribers} icon={<Users />} title="Members" />
              <RowLink
                to={SubsSettingsPath}
                icon={<BadgeDollarSign />}
                title="Membership price"
                hint="Monthly price, bundles, promotions, free trials"
              />
              <RowLink
                to={PayoutPaths.home}
                icon={<Landmark />}
                title="Payouts"
                hint="Earnings, methods, tax"
              />
              <RowLink to={ReferralPaths.earn} icon={<HandCoins />} title="Referral programme" />
              <RowLink
                to={SettingsPath.paidMessage}
                icon={<MessageSquareLock />}
                title="Paid message price"
                hint="What fans pay to message you"
              />
              <RowInfo muted icon={<Vibrate />} title="Toy settings" end={<Tag>Not available yet</Tag>} />
            </>
          ) : (
            <RowLink
              to={`${SettingsPath.creatorAudit}?redirect=${encodeURIComponent(SettingsPath.settings)}`}
              icon={<Sparkles />}
              title="Become a creator"
              hint="Verify your identity and start earning"
            />
          )}
        </RowGroup>

        <RowGroup title="About">
          <RowLink to={SettingsPath.terms} icon={<FileText />} title="Legal terms" />
          <RowLink to={InfoPath.contact} icon={<CircleHelp />} title="Help and contact" />
        </RowGroup>

        <RowGroup>
          <RowButton
            tone="danger"
            icon={<LogOut />}
            title="Log out"
            onClick={() => void sessionExit.run(logout)}
          />
        </RowGroup>
      </main>
    </div>
  )
}
