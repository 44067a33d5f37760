import { ShellTexts, UserRole } from '@velvet/contract'

/** spec §2: the bubble shows on tab screens, for non-creators, once per session. */
export function shouldShowBecomeHost(input: {
  onTabScreen: boolean
  role: number
  shownThisSession: boolean
}) {
  return input.onTabScreen && input.role !== UserRole.Creator && !input.shownThisSession
}

/** System setting CT: 1 the normal tip, 2 the referral tip. */
export function becomeHostText(ct: 1 | 2 | undefined): string {
  return ct === 2 ? ShellTexts.becomeHost.referral : ShellTexts.becomeHost.normal
}
