import AxeBuilder from '@axe-core/playwright'
import { openAppReport, ShellTexts } from '@velvet/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signUpByApi } from '../support/api.ts'
import { saveShot } from '../support/artifacts.ts'
import { signUp, uniqueEmail, urlOf, waitUntil } from '../support/auth.ts'
import { viewports } from '../support/browser.ts'
import { ADULT_POPUP, becomeCreator } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { deliverPush, waitForServiceWorker } from '../support/push.ts'

const journey = journeyFixture()

/** PWA journeys: installability, install prompt and iOS guide, web push in the service worker, offline page. */

const SHOTS = process.env.VELVET_SHOTS_DIR ?? null

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

/** axe's serious and critical findings inside `selector` (our overlays; the page around them is not ours). */
async function seriousA11yViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('PWA', () => {
  it('is installable: a valid manifest with 192 and 512 icons and an active service worker', async () => {
    const context = await journey.adultContext()
    const page = await context.newPage()
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest')
    const response = await page.request.get(href ?? '')
    expect(response.ok()).toBe(true)
    const manifest = (await response.json()) as {
      name: string
      short_name: string
      display: string
      start_url: string
      scope: string
      theme_color: string
      background_color: string
      icons: { src: string; sizes: string; type: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({ name: 'Velvet', display: 'standalone', start_url: '/home', scope: '/' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes)
    expect(sizes).toEqual(expect.arrayContaining(['48x48', '192x192', '512x512']))
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true)
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src)
      expect(file.ok(), icon.src).toBe(true)
      expect(file.headers()['content-type']).toContain(icon.type)
    }
    expect((await page.request.get('/icons/apple-touch-icon-180.png')).ok()).toBe(true)

    await waitForServiceWorker(page)
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/')
      return {
        active: registration?.active?.state,
        script: registration?.active?.scriptURL,
        scope: registration?.scope,
      }
    })
    expect(state).toEqual({
      active: 'activated',
      script: `${journey.server.baseUrl}/sw.js`,
      scope: `${journey.server.baseUrl}/`,
    })

    // The journey.browser itself agrees the app is installable (no manifest errors).
    const cdp = await context.newCDPSession(page)
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] }
    expect(errors).toEqual([])
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    // A Playwright context is incognito, where Chromium never installs; nothing else may be missing.
    expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
    await context.close()
  })

  it('shows a push delivered to the service worker as a notification', async () => {
    const context = await journey.adultContext()
    await context.grantPermissions(['notifications'], { origin: journey.server.baseUrl })
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)

    const payload = {
      title: 'Mia sent you a message',
      body: 'Are you coming to my live tonight?',
      link: '/message',
      tag: 'msg-1',
    }
    const notifications = await deliverPush(context, page, journey.server.baseUrl, JSON.stringify(payload))
    expect(notifications).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { link: '/message' },
        icon: `${journey.server.baseUrl}/icons/icon-192.png`,
      },
    ])
    await context.close()
  })

  it('offers the install prompt to a new account and the iOS Add to Home Screen guide in Safari', async () => {
    const context = await journey.adultContext({ userAgent: iphoneSafari })
    const page = await context.newPage()
    await signUp(page, journey.smtp, uniqueEmail('pwa'), 'Install Fan')

    const prompt = page.getByTestId('install-prompt')
    // The become-host bubble (5 s on /home for a non-creator) goes first; the card never covers it.
    const bubble = page.getByRole('status').filter({ hasText: ShellTexts.becomeHost.normal })
    await bubble.waitFor()
    expect(await prompt.count()).toBe(0)
    await bubble.waitFor({ state: 'detached', timeout: 10_000 })
    await prompt.waitFor()
    await expect.poll(() => prompt.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(1)
    expect(await seriousA11yViolations(page, '[data-testid="install-prompt"]')).toEqual([])
    await shot(page, 'install-prompt-414')

    // One overlay at a time: on a creator's page the 18+ popup is answered first; the card waits for it.
    const here = urlOf(page)
    const creator = await signUpByApi(journey.api, journey.smtp, {
      email: uniqueEmail('pwacreator'),
      nickname: 'Pia Creator',
    })
    await becomeCreator(journey.api, creator)
    // The server offers the card once a period (it did at sign-up); this load is offered it again, as the
    // first load of a new period would be.
    const offerAgain = `**${openAppReport.path}`
    await page.route(offerAgain, (route) =>
      route.fulfill({ json: { result: 'ok', data: { is_prompt_install: true } } }),
    )
    await page.goto(`/@${creator.userName}`)
    const popup = page.getByRole('alertdialog', { name: ADULT_POPUP })
    await popup.waitFor()
    await page.waitForTimeout(1_000)
    expect(await prompt.count()).toBe(0)
    await saveShot(page, 'misc', 'adult-popup-alone-414')
    await popup.getByRole('button', { name: 'Continue', exact: true }).click()
    await popup.waitFor({ state: 'detached' })
    await prompt.waitFor()
    await page.goto(here)
    await prompt.waitFor()
    await page.unroute(offerAgain)

    await prompt.getByRole('button', { name: 'Install app' }).click()
    const sheet = page.getByRole('dialog', { name: 'Install Velvet' })
    await sheet.waitFor()
    await expect.poll(() => sheet.getByText('Add to Home Screen').count()).toBe(1)
    await page.waitForTimeout(400)
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([])
    await shot(page, 'ios-guide-414')
    await page.setViewportSize(viewports.desktop)
    await page.waitForTimeout(300)
    await shot(page, 'ios-guide-1440')
    await sheet.getByRole('button', { name: 'Got it' }).click()
    await sheet.waitFor({ state: 'detached' })
    await shot(page, 'install-prompt-1440')

    // Never on /login, and "Not now" hides it for the session.
    await page.getByRole('button', { name: 'Not now' }).click()
    await prompt.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('heading', { name: 'Install Fan' }).waitFor()
    await page.waitForTimeout(500)
    expect(await prompt.count()).toBe(0)
    await context.close()
  })

  it('serves the offline page when the server is gone', async () => {
    const context = await journey.adultContext()
    // What the service worker downloads itself while it installs (Chromium reports its requests).
    const workerFetches: string[] = []
    context.on('request', (request) => {
      if (request.serviceWorker()) workerFetches.push(new URL(request.url()).pathname)
    })
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    // The service worker precached the offline page (and its icons), and nothing the page has just loaded:
    // scripts and styles are cached when used, so a first visit does not download them twice.
    await waitUntil(
      'offline.html precached',
      () => page.evaluate(async () => Boolean(await caches.match('/offline.html'))),
      (cached) => cached,
    )
    expect(workerFetches).toContain('/offline.html')
    expect(workerFetches.filter((path) => path.startsWith('/assets/'))).toEqual([])

    await journey.server.stop()
    await page.goto('/home')
    await page.getByRole('heading', { name: "You're offline" }).waitFor()
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/home')
    expect(await seriousA11yViolations(page, 'main')).toEqual([])
    await shot(page, 'offline-414')
    await page.setViewportSize(viewports.desktop)
    await shot(page, 'offline-1440')
    await context.close()
  })
})
