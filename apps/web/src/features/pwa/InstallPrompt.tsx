import { Bell, Download, X } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { readJson, writeJson } from '../../lib/storage.ts'
import { useAnyModalOpen } from '../../ui/modal-store.ts'
import { toast } from '../../ui/toast-store.ts'
import { useSession } from '../auth/index.ts'
import { reportPushSubscription, requestPushPermission, usePushPermission } from '../push/index.ts'
import { InstallGuideSheet } from './InstallGuideSheet.tsx'
import { installMethod, isCardFreeScreen, shouldOfferInstall } from './install-rules.ts'
import { installStore, iosSafari, useInstallState } from './install-store.ts'
import { useOpenAppReport } from './open-app-report.ts'
import './pwa.css'
import { z } from 'zod'
import { useBecomeHostBubbleShowing } from '../shell/index.ts'

/** "Not now" hides the card for the rest of the browser session. */
const DISMISSED_KEY = 'velvet.install_prompt_dismissed'
const Dismissed = z.literal(1)

/**
 * The install-app prompt (spec §2 overlays): for signed-up accounts, never on /login, when the open-app
 * report answered is_prompt_install and the app is not already running installed. It also carries the
 * "Turn on notifications" control (the permission is asked only on that press). In the installed app the
 * card shows the notifications control alone while the permission is still undecided.
 */
export function InstallPrompt() {
  const session = useSession()
  const { pathname } = useLocation()
  const install = useInstallState()
  const permission = usePushPermission()
  const isPromptInstall = useOpenAppReport(session)
  const [dismissed, setDismissed] = useState(() => readJson(DISMISSED_KEY, Dismissed, 'session') === 1)
  const [guide, setGuide] = useState<'ios' | 'browser' | null>(null)
  const [asking, setAsking] = useState(false)
  const bubbleShowing = useBecomeHostBubbleShowing()
  const modalOpen = useAnyModalOpen()

  const signedUp = session.kind === 'account' && !session.user.needs_profile
  const offerInstall =
    !install.installed &&
    shouldOfferInstall({
      signedUp,
      pathname,
      isPromptInstall,
      standalone: install.standalone,
      dismissed,
    })
  const offerNotifications =
    signedUp &&
    !isCardFreeScreen(pathname) &&
    !dismissed &&
    permission === 'default' &&
    (offerInstall || install.standalone)

  const close = () => {
    writeJson(DISMISSED_KEY, 1, 'session')
    setDismissed(true)
  }

  const onInstall = async () => {
    const method = installMethod(install.nativePrompt !== null, iosSafari())
    if (method === 'native') {
      const accepted = await installStore.promptNative()
      if (accepted) close()
      return
    }
    setGuide(method === 'ios-guide' ? 'ios' : 'browser')
  }

  const onNotifications = async () => {
    setAsking(true)
    try {
      const result = await requestPushPermission()
      if (result === 'granted') {
        const registered = await reportPushSubscription()
        if (registered) toast.success('Notifications are on')
        else toast.error('Notifications could not be turned on. Please try again later.')
      } else if (result === 'denied') {
        toast.show('Notifications are blocked. You can allow them in your browser settings.')
      }
    } finally {
      setAsking(false)
    }
  }

  const guideSheet = (
    <InstallGuideSheet open={guide !== null} variant={guide ?? 'browser'} onClose={() => setGuide(null)} />
  )
  // The become-host bubble goes first, and any open dialog or sheet (the 18+ popup of a creator's page, the
  // age gate, the install guide) is answered first; the card follows once they have gone (never beside them).
  if (bubbleShowing || modalOpen || (!offerInstall && !offerNotifications)) return guideSheet

  return (
    <>
      <aside className="v-install" aria-labelledby="v-install-title" data-testid="install-prompt">
        <button
          type="button"
          className="v-icon-button v-icon-button--muted v-install__close"
          aria-label="Not now"
          onClick={close}
        >
          <X aria-hidden="true" />
        </button>
        <div className="v-install__head">
          <img className="v-install__icon" src="/icons/icon-96.png" alt="" width="48" height="48" />
          <div className="v-install__text">
            <h2 id="v-install-title" className="v-install__title">
              {offerInstall ? 'Get the Velvet app' : 'Stay in the loop'}
            </h2>
            <p className="v-install__body">
              {offerInstall
                ? 'Install Velvet on your device: it opens full screen, loads faster and never gets lost in your tabs.'
                : 'Get a notification when someone messages you, follows you or comments on your posts.'}
            </p>
          </div>
        </div>
        <div className="v-install__actions">
          {offerInstall ? (
            <button
              type="button"
              className="v-install__button v-install__button--primary"
              onClick={onInstall}
            >
              <Download aria-hidden="true" />
              Install app
            </button>
          ) : null}
          {offerNotifications ? (
            <button
              type="button"
              className="v-install__button v-install__button--secondary"
              onClick={onNotifications}
              disabled={asking}
              aria-busy={asking || undefined}
            >
              <Bell aria-hidden="true" />
              Turn on notifications
            </button>
          ) : null}
        </div>
      </aside>
      {guideSheet}
    </>
  )
}
