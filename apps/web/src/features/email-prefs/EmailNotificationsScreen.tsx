import { type EmailCategory, EmailCategoryTexts, type EmailPreferences } from '@velvet/contract'
import { ShieldCheck } from 'lucide-react'
import { useMemo } from 'react'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { RowGroup } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { SwitchRow } from '../../ui/SwitchRow.tsx'
import { useFlagToggles } from '../../ui/use-flag-toggles.ts'
import { RequireAccount, useSession } from '../auth/index.ts'
import { emailPrefsKeys, sendEmailPreferences, useEmailPreferences } from './email-prefs.queries.ts'
import '../../ui/screen-kit.css'

interface PrefsData {
  email: string | null
  preferences: EmailPreferences
}

const categories = Object.keys(EmailCategoryTexts) as EmailCategory[]
const read = (data: PrefsData) => data.preferences
const write = (data: PrefsData, preferences: EmailPreferences) => ({ ...data, preferences })

/** /manage/email/notification: one switch per e-mail category; each saves at once. */
export function EmailNotificationsScreen() {
  return (
    <RequireAccount>
      <EmailNotifications />
    </RequireAccount>
  )
}

function EmailNotifications() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  const query = useEmailPreferences()
  const queryKey = useMemo(() => emailPrefsKeys.preferences(userId), [userId])
  const { toggle, pending } = useFlagToggles<EmailCategory, PrefsData>({
    queryKey,
    read,
    write,
    send: sendEmailPreferences,
  })

  let content = <SkeletonRows count={categories.length} label="Loading your e-mail settings" />
  if (query.isError) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (query.data) {
    const { email, preferences } = query.data
    content = (
      <>
        <p className="v-set-intro">
          {email ? (
            <>
              E-mails go to <strong>{email}</strong>. Choose which ones you want.
            </>
          ) : (
            'Your account has no e-mail address, so we send you no e-mails. Your choices are kept in case you add one.'
          )}
        </p>
        <RowGroup title="Send me e-mails about">
          {categories.map((category) => (
            <SwitchRow
              key={category}
              title={EmailCategoryTexts[category].title}
              description={EmailCategoryTexts[category].description}
              checked={preferences[category]}
              busy={pending.has(category)}
              onChange={(value) => void toggle(category, value)}
            />
          ))}
        </RowGroup>
      </>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar fallback={SETTINGS_PATH} title="E-mail notifications" />
      <main className="v-set-body">
        {content}
        <p className="v-set-note">
          <ShieldCheck aria-hidden="true" />
          <span>
            Security and sign-in e-mails (sign-in codes, account deletion codes) are always sent, whatever you
            choose here.
          </span>
        </p>
      </main>
    </div>
  )
}
