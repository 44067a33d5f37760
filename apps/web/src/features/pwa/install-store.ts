import { createStore, useStore } from '../../lib/store.ts'
import { isIosSafari } from './install-rules.ts'

/** The event Chromium fires when the app may be installed (not in lib.dom). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

function isBeforeInstallPrompt(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof (event as { prompt?: unknown }).prompt === 'function'
}

interface InstallState {
  /** The deferred beforeinstallprompt, usable once. */
  nativePrompt: BeforeInstallPromptEvent | null
  standalone: boolean
  installed: boolean
}

const standaloneQuery =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone), (display-mode: fullscreen), (display-mode: minimal-ui)')
    : null

/** Standalone when the display mode says so, or iOS's navigator.standalone. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || standaloneQuery?.matches === true
}

const state = createStore<InstallState>({
  nativePrompt: null,
  standalone: typeof navigator !== 'undefined' ? isStandalone() : false,
  installed: false,
})

function set(next: Partial<InstallState>): void {
  state.update((current) => ({ ...current, ...next }))
}

// Listen from the first module evaluation: the browser may fire it before React mounts.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isBeforeInstallPrompt(event)) return
    // Keep it for our own prompt instead of the browser's mini bar.
    event.preventDefault()
    set({ nativePrompt: event })
  })
  window.addEventListener('appinstalled', () => set({ installed: true, nativePrompt: null }))
  standaloneQuery?.addEventListener('change', () => set({ standalone: isStandalone() }))
}

export const installStore = {
  get: state.get,
  subscribe: state.subscribe,
  /** Shows the browser's install dialog; true when the user accepted. */
  async promptNative(): Promise<boolean> {
    const event = state.get().nativePrompt
    if (!event) return false
    set({ nativePrompt: null })
    await event.prompt()
    const choice = await event.userChoice
    if (choice.outcome === 'accepted') set({ installed: true })
    return choice.outcome === 'accepted'
  },
}

export function useInstallState(): InstallState {
  return useStore(state)
}

export function iosSafari(): boolean {
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0)
}
