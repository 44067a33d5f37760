import { ShellStorageKeys, Timing } from '@velvet/contract'
import { Sparkles, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useShowSettings } from '../system/index.ts'
import { becomeHostText } from './become-host.ts'
import { becomeHostBubble } from './become-host-store.ts'

/** When the bubble shown in this page load goes away (it survives a tab switch within its 5 s). */
let shownUntil = 0

function shownThisSession(): boolean {
  try {
    return sessionStorage.getItem(ShellStorageKeys.becomeHostShown) === '1'
  } catch {
    return true
  }
}

function markShown(): void {
  try {
    sessionStorage.setItem(ShellStorageKeys.becomeHostShown, '1')
  } catch {
    // Without storage the bubble may show again on the next load.
  }
}

/**
 * 'Become host' bubble (spec §2): above the publish tab for 5 s, once per session, for non-creators on tab
 * screens; CT 2 shows the referral tip. It waits for the settings (or their failure) to pick its text.
 */
export function BecomeHostBubble({
  eligible,
  onOpen,
}: {
  eligible: boolean
  onOpen: (referral: boolean) => void
}) {
  const settings = useShowSettings()
  const [visible, setVisible] = useState(false)
  const settled = !settings.isPending || settings.fetchStatus === 'idle'

  useEffect(() => {
    if (!eligible || !settled) return
    if (!shownThisSession()) {
      markShown()
      shownUntil = Date.now() + Timing.becomeHostTipMs
    }
    const left = shownUntil - Date.now()
    if (left <= 0) return
    setVisible(true)
    const timer = setTimeout(() => setVisible(false), left)
    return () => clearTimeout(timer)
  }, [eligible, settled])

  useEffect(() => {
    becomeHostBubble.set(visible && eligible)
    return () => becomeHostBubble.set(false)
  }, [visible, eligible])

  if (!visible || !eligible) return null
  return (
    <div className="v-bubble" role="status">
      <button
        type="button"
        className="v-bubble__main"
        onClick={() => {
          setVisible(false)
          shownUntil = 0
          onOpen(settings.data?.CT === 2)
        }}
      >
        <Sparkles aria-hidden="true" />
        <span>{becomeHostText(settings.data?.CT)}</span>
      </button>
      <button
        type="button"
        className="v-bubble__close"
        aria-label="Dismiss tip"
        onClick={() => {
          setVisible(false)
          shownUntil = 0
        }}
      >
        <X aria-hidden="true" />
      </button>
    </div>
  )
}
