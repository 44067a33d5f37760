import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { viewports } from './browser.ts'

/** Where journeys leave their screenshots for people to look at (git-ignored). */
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts')

/** Saves a screenshot of what the page shows as e2e/artifacts/<folder>/<name>.png. */
export async function saveShot(page: Page, folder: string, name: string): Promise<void> {
  const dir = path.join(ARTIFACTS_DIR, folder)
  mkdirSync(dir, { recursive: true })
  // Fonts and decoded pictures first, so the picture is what a person would see.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

/** A desktop browser window (1440x900, mouse, no touch), for the wide layouts. */
export const desktopWindow: BrowserContextOptions = {
  viewport: viewports.desktop,
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
}
