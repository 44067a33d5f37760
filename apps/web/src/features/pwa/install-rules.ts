import { OpenSource } from '@velvet/contract'

/** Display mode (spec §4): standalone (open_source 1) when run as an installed app, browser (2) otherwise. */
export function openSourceOf(standalone: boolean): 1 | 2 {
  return standalone ? OpenSource.Standalone : OpenSource.Browser
}

/** Safari on iPhone/iPad (iPadOS reports a Mac with touch): the only way to install is Share → Add to Home Screen. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  if (!ios) return false
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|YaBrowser|DuckDuckGo/.test(userAgent)
}

export type InstallMethod = 'native' | 'ios-guide' | 'browser-guide'

export interface InstallOfferInput {
  /** A signed-up account (not a guest, sign-up finished). */
  signedUp: boolean
  pathname: string
  /** The open_app_report answer (null while unknown). */
  isPromptInstall: boolean | null
  standalone: boolean
  /** Closed with "Not now" in this browser session. */
  dismissed: boolean
}

/**
 * Screens where the floating card would sit on the task at hand (a form's main button, a payment, a call):
 * /login (spec §2) and the flows after it (our decision, docs/decisions.md).
 */
const NO_INSTALL_CARD = [
  '/login',
  '/creator_audit',
  '/publish',
  '/user/edit_profile',
  '/pay',
  '/video-call',
  '/live',
]

/** True on /login and the focused flows above (and their sub-paths). */
export function isCardFreeScreen(pathname: string): boolean {
  return NO_INSTALL_CARD.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}

/** spec §2: the install-app prompt is for logged-in users only, never on /login, and only when the server asks. */
export function shouldOfferInstall(input: InstallOfferInput): boolean {
  if (!input.signedUp || input.standalone || input.dismissed) return false
  if (isCardFreeScreen(input.pathname)) return false
  return input.isPromptInstall === true
}

/** How the install button installs: the browser's own prompt when it offered one, else a guide. */
export function installMethod(hasNativePrompt: boolean, iosSafari: boolean): InstallMethod {
  if (hasNativePrompt) return 'native'
  return iosSafari ? 'ios-guide' : 'browser-guide'
}
