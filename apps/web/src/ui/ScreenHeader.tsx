import type { ReactNode } from 'react'
import { ScreenBar } from './ScreenBar.tsx'

/** The bar of a settings-style screen: a ScreenBar whose back falls back to Settings. */
export function ScreenHeader({
  title,
  fallback = '/setting',
  end,
  onBack,
}: {
  title: string
  fallback?: string
  end?: ReactNode
  onBack?: () => void
}) {
  return <ScreenBar title={title} fallback={fallback} end={end} onBack={onBack} />
}
