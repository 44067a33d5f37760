import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { confirmOver18, newMobileContext, viewports } from '../support/browser.ts'
import { journeyFixture } from '../support/journey.ts'

const journey = journeyFixture()

/** Every info route of spec §2 (plus /terms-of-service) and the title its page shows. */
const INFO_PAGES: readonly { path: string; title: string }[] = [
  { path: '/about', title: 'About Velvet' },
  { path: '/terms', title: 'Terms of Service' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/complaint-process', title: 'Complaint & Appeal Process' },
  { path: '/content-moderation', title: 'Content Moderation Policy' },
  { path: '/data-retention-policy', title: 'Data Retention Policy' },
  { path: '/contact-us', title: 'Contact Us' },
  { path: '/transfer', title: 'Moving to Velvet' },
  { path: '/branding', title: 'Brand guidelines' },
  { path: '/blog', title: 'Velvet Blog' },
  { path: '/concierge', title: 'Concierge Desk' },
  { path: '/privacy/safety', title: 'Safety & Privacy Centre' },
  { path: '/privacy/safety1', title: 'Safety & Privacy Centre' },
]

/**
 * Links from info pages may also lead to these screens of other features (the blocked-locations screens are
 * features/safety's, linked from each safety centre).
 */
const OTHER_LINK_TARGETS = new Set([
  '/home',
  '/manage/dmca_form',
  '/privacy/safety/blocked_location',
  '/privacy/safety1/blocked_location',
  // The blocked accounts list the safety centre sends creators to (sign-in first for a guest).
  '/user/blocked',
])

/** A context for reading: the visitor has already passed the age gate (ShellStorageKeys.over18). */
async function readerContext(options: { desktop?: boolean } = {}): Promise<BrowserContext> {
  const context = options.desktop
    ? await journey.browser.newContext({ baseURL: journey.server.baseUrl, viewport: viewports.desktop })
    : await newMobileContext(journey.browser, journey.server.baseUrl)
  await confirmOver18(context)
  return context
}

function h1(page: Page, title: string) {
  return page.getByRole('heading', { level: 1, name: title, exact: true })
}

async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('info pages', () => {
  it('render their title, date and sections at 414x896, with no serious accessibility issue and no broken link', async () => {
    const context = await readerContext()
    const page = await context.newPage()
    const known = new Set(INFO_PAGES.map((p) => p.path))
    for (const { path, title } of INFO_PAGES) {
      await page.goto(path)
      await h1(page, title).waitFor()
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1)
      await page.getByText('Last updated 22 November 2026').waitFor()
      expect(await page.locator('main h2').count(), path).toBeGreaterThanOrEqual(3)
      expect(await page.title(), path).toBe(`${title} · Velvet`)
      expect(await seriousA11yViolations(page), path).toEqual([])

      // Every in-app link in the page leads to an info page or a known screen; every anchor has its target.
      const hrefs = await page
        .locator('main a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
      for (const href of hrefs) {
        if (href.startsWith('mailto:')) continue
        const url = new URL(href, `${journey.server.baseUrl}${path}`)
        expect(url.origin, `${path} → ${href}`).toBe(journey.server.baseUrl)
        expect(known.has(url.pathname) || OTHER_LINK_TARGETS.has(url.pathname), `${path} → ${href}`).toBe(
          true,
        )
        if (url.hash && url.pathname === path) {
          expect(await page.locator(`[id="${url.hash.slice(1)}"]`).count(), `${path} → ${href}`).toBe(1)
        }
      }
    }
    await context.close()
  })

  it('links between pages, to sections of other pages, and back', async () => {
    const context = await readerContext()
    const page = await context.newPage()

    await page.goto('/terms')
    await h1(page, 'Terms of Service').waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy', exact: true }).first().click()
    await page.waitForURL('**/privacy')
    await h1(page, 'Privacy Policy').waitFor()

    await page.getByRole('link', { name: 'Data Retention Policy', exact: true }).first().click()
    await page.waitForURL('**/data-retention-policy')
    await h1(page, 'Data Retention Policy').waitFor()
    await page.getByRole('cell', { name: /purged 7 days \(a week\) after it ends/ }).waitFor()

    // Related pages at the end of the page.
    const related = page.getByRole('navigation', { name: 'Related pages' })
    await related.getByRole('link', { name: /Terms of Service/ }).click()
    await page.waitForURL('**/terms')
    await h1(page, 'Terms of Service').waitFor()

    // "Back" returns along the in-app history.
    await page.getByRole('link', { name: 'Back', exact: true }).click()
    await page.waitForURL('**/data-retention-policy')
    await h1(page, 'Data Retention Policy').waitFor()

    // A link to a section of another page opens that page at the section.
    await page.goto('/concierge')
    await page.locator('main a[href="/terms#payouts"]').click()
    await page.waitForURL('**/terms#payouts')
    const payouts = page.getByRole('heading', { level: 2, name: 'Creator earnings and payouts' })
    await expect.poll(() => payouts.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200)
    await page.getByRole('cell', { name: 'US$3 per withdrawal' }).waitFor()

    // The table of contents (collapsed on phones) jumps to a section.
    await page.goto('/privacy')
    const toc = page.getByRole('navigation', { name: 'On this page' })
    await toc.getByText('On this page').click()
    await toc.getByRole('link', { name: 'Cookies and local storage' }).click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#cookies')
    await page.getByRole('rowheader', { name: 'Device id' }).waitFor()
    await context.close()
  })

  it('leads each safety centre to its own blocked-locations screen, which explains it to a guest and offers "Log in to manage"', async () => {
    const context = await readerContext()
    const page = await context.newPage()
    for (const centre of ['/privacy/safety', '/privacy/safety1']) {
      const path = `${centre}/blocked_location`
      await page.goto(centre)
      await h1(page, 'Safety & Privacy Centre').waitFor()
      await page.getByRole('link', { name: 'Read how blocked locations work' }).click()
      await page.waitForURL(`**${path}`)
      await h1(page, 'Blocked locations').waitFor()
      expect(await page.title(), path).toBe('Blocked locations · Velvet')
      // What it is, for a guest: the explanation, no list and no controls to change one.
      await page.getByRole('heading', { name: 'Hide your profile from chosen places' }).waitFor()
      await page.getByText('Creators can block whole countries and US states', { exact: false }).waitFor()
      expect(await page.getByText('not available yet', { exact: false }).count(), path).toBe(0)
      expect(await page.getByRole('button', { name: 'Add location' }).count(), path).toBe(0)
      expect(await page.getByRole('button', { name: /^Unblock/ }).count(), path).toBe(0)
      // How it works, folded until asked for.
      const how = page.getByText('worked out on our servers from the IP address', { exact: false })
      expect(await how.isVisible(), path).toBe(false)
      await page.getByText('How blocking a location works', { exact: true }).click()
      await how.waitFor()
      expect(await seriousA11yViolations(page), path).toEqual([])
      // "Log in to manage" signs in first and comes back here.
      await page.getByRole('link', { name: 'Log in to manage' }).click()
      await page.waitForURL(`**/login?redirect=${encodeURIComponent(path)}`)
      await page.getByRole('button', { name: 'Continue with e-mail', exact: true }).waitFor()
    }
    // Opened directly (no history), "Go back" goes to the screen's own centre.
    await page.goto('/privacy/safety1/blocked_location')
    await h1(page, 'Blocked locations').waitFor()
    await page.getByRole('button', { name: 'Go back', exact: true }).click()
    await page.waitForURL('**/privacy/safety1')
    await h1(page, 'Safety & Privacy Centre').waitFor()
    await context.close()
  })

  it('keeps the table of contents beside the text while reading on a 1440x900 desktop', async () => {
    const context = await readerContext({ desktop: true })
    const page = await context.newPage()
    await page.goto('/terms')
    await h1(page, 'Terms of Service').waitFor()
    const toc = page.getByRole('navigation', { name: 'On this page' })
    expect(await toc.count()).toBe(1)
    const body = page.locator('main article')
    const [tocBox, bodyBox] = await Promise.all([toc.boundingBox(), body.boundingBox()])
    expect(tocBox && bodyBox && tocBox.x + tocBox.width <= bodyBox.x).toBe(true)

    await page.getByRole('heading', { level: 2, name: 'Ending your account' }).scrollIntoViewIfNeeded()
    const top = await toc.evaluate((el) => el.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(100)
    await expect.poll(() => toc.locator('[aria-current="location"]').textContent()).not.toBe('These terms')
    expect(await seriousA11yViolations(page)).toEqual([])
    await context.close()
  })
})
