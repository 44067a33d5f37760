import { ShellStorageKeys } from '@velvet/contract'
import { useState } from 'react'
import { NewFeatureDialog } from '../../ui/NewFeatureDialog.tsx'
import { useShowSettings } from '../system/index.ts'
import { shouldShowNewFeature } from './new-feature.ts'

function seen(): boolean {
  try {
    return localStorage.getItem(ShellStorageKeys.newFeatureV2) === '1'
  } catch {
    return true
  }
}

/** The new-feature dialog (spec §9): once per browser, only before show_settings' new_feature_until. */
export function NewFeatureNotice() {
  const until = useShowSettings().data?.new_feature_until
  const [closed, setClosed] = useState(false)
  const open = !closed && shouldShowNewFeature({ now: Date.now(), until, seen: seen() })
  const close = () => {
    try {
      localStorage.setItem(ShellStorageKeys.newFeatureV2, '1')
    } catch {
      // Not kept: it may show once more.
    }
    setClosed(true)
  }
  return (
    <NewFeatureDialog open={open} title="New on Velvet" onClose={close}>
      Creators can now set a price for chat messages and get help from a personal agent. Look for them in your
      settings.
    </NewFeatureDialog>
  )
}
