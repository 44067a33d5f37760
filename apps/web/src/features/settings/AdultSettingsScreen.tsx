import type { AdultSettings } from '@velvet/contract'
import { EyeOff, Flame, Info } from 'lucide-react'
import { useMemo } from 'react'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { RowGroup } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { SwitchRow } from '../../ui/SwitchRow.tsx'
import { useFlagToggles } from '../../ui/use-flag-toggles.ts'
import { RequireAccount, useSession } from '../auth/index.ts'
import { sendAdultSettings, settingsKeys, useAdultSettings } from './settings.queries.ts'
import '../../ui/screen-kit.css'

type AdultKey = keyof AdultSettings

const same = (data: AdultSettings) => data
const replace = (_: AdultSettings, flags: AdultSettings) => flags

/** /setting/adult_setting: show adult content, blur previews. Each switch saves at once. */
export function AdultSettingsScreen() {
  return (
    <RequireAccount>
      <AdultSettingsForm />
    </RequireAccount>
  )
}

function AdultSettingsForm() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  const query = useAdultSettings()
  const queryKey = useMemo(() => settingsKeys.adult(userId), [userId])
  const { toggle, pending } = useFlagToggles<AdultKey, AdultSettings>({
    queryKey,
    read: same,
    write: replace,
    send: sendAdultSettings,
  })

  let content = <SkeletonRows count={2} />
  if (query.isError) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (query.data) {
    const settings = query.data
    content = (
      <RowGroup
        title="Display"
        footer="These settings follow your account on every device where you are signed in."
      >
        <SwitchRow
          icon={<Flame />}
          title="Show adult content"
          description="When off, adult posts and media stay hidden until you choose to show them."
          checked={settings.show_adult_content}
          busy={pending.has('show_adult_content')}
          onChange={(value) => void toggle('show_adult_content', value)}
        />
        <SwitchRow
          icon={<EyeOff />}
          title="Blur previews"
          description="Blur images and video previews until you tap them."
          checked={settings.blur_previews}
          busy={pending.has('blur_previews')}
          onChange={(value) => void toggle('blur_previews', value)}
        />
      </RowGroup>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar fallback={SETTINGS_PATH} title="Adult content" />
      <main className="v-set-body">
        <p className="v-set-intro">
          Velvet is for adults only. Choose how explicit content appears to you while you browse.
        </p>
        {content}
        <p className="v-set-note">
          <Info aria-hidden="true" />
          <span>
            Creators decide what is locked behind a subscription or a purchase; these switches only change how
            content you can already see is shown to you.
          </span>
        </p>
      </main>
    </div>
  )
}
