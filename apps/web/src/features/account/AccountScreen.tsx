import { CalendarDays, Mail, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { formatPacificDate } from '../../lib/pacific-time.ts'
import { GoogleIcon } from '../../ui/GoogleIcon.tsx'
import { RowButton, RowGroup, RowInfo, Tag } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { RequireAccount } from '../auth/index.ts'
import { useAccountInfo } from './account.queries.ts'
import { DeleteAccountSheet } from './DeleteAccountSheet.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import '../../ui/screen-kit.css'
import './account.css'

/** /user/account: e-mail, linked Google account, signed-in devices, delete account. */
export function AccountScreen() {
  return (
    <RequireAccount>
      <Account />
    </RequireAccount>
  )
}

function Account() {
  const query = useAccountInfo()
  const [deleting, setDeleting] = useState(false)

  let content = (
    <>
      <SkeletonRows count={2} label="Loading your account" />
      <SkeletonRows count={2} label="Loading your devices" />
    </>
  )
  if (query.isError) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (query.data) {
    const info = query.data
    content = (
      <>
        <RowGroup title="Sign-in">
          <RowInfo icon={<Mail />} title="E-mail" hint={info.email ?? 'No e-mail address on this account'} />
          <RowInfo
            icon={<GoogleIcon />}
            title="Google"
            hint={info.google_linked ? 'You can sign in with Google.' : 'Sign in with your e-mail code.'}
            end={info.google_linked ? <Tag tone="success">Linked</Tag> : <Tag>Not linked</Tag>}
          />
          <RowInfo icon={<CalendarDays />} title="Member since" hint={formatPacificDate(info.created_at)} />
        </RowGroup>
        <SessionsSection sessions={info.sessions} />
        <RowGroup
          title="Delete account"
          footer="Deleting your account cannot be undone. We e-mail you a code to confirm it is you."
        >
          <RowButton
            tone="danger"
            icon={<Trash2 />}
            title="Delete account"
            onClick={() => setDeleting(true)}
          />
        </RowGroup>
      </>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar fallback={SETTINGS_PATH} title="Account" />
      <main className="v-set-body">{content}</main>
      <DeleteAccountSheet open={deleting} onClose={() => setDeleting(false)} />
    </div>
  )
}
