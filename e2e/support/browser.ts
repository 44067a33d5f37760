import { ShellStorageKeys } from '@velvet/contract'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core'

/** Debian's Chromium, never a downloaded one (TOOLCHAIN.md). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs })
}

export const viewports = {
  mobile: { width: 414, height: 896 },
  desktop: { width: 1440, height: 900 },
} as const

/** A phone-sized context; `options` adds to it (e.g. `storageState` to carry a session over). */
export function newMobileContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: viewports.mobile,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  })
}

/**
 * Journeys that are not about the age gate start as a visitor who already said they are over 18
 * (the gate's own journeys in shell.e2e.ts test it from a fresh context).
 */
export async function confirmOver18(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => localStorage.setItem(key, '1'), ShellStorageKeys.over18)
}
