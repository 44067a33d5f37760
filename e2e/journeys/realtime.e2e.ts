import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { FastifyInstance } from 'fastify'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../apps/server/src/app.ts'
import { systemClock } from '../../apps/server/src/platform/clock.ts'
import { readConfig } from '../../apps/server/src/platform/config.ts'
import { type Database, openDatabase, runMigrations } from '../../apps/server/src/platform/db.ts'
import { type Jobs, startJobs } from '../../apps/server/src/platform/jobs.ts'
import { startSmtpServer } from '../../apps/server/src/test/smtp.ts'
import { SessionUser, SocketChannels } from '../../packages/contract/src/index.ts'
import { settleAnimations, signUp, storedUser, uniqueEmail, waitUntil } from '../support/auth.ts'
import { confirmOver18, launchChromium, newMobileContext, viewports } from '../support/browser.ts'

/**
 * Realtime journeys against the real server, run in this process so the test can publish through the
 * server's own services (`app.services.notifications.publish`, `app.services.realtime.publish`): the
 * notification banner and the incoming-call banner arrive over the real socket.io gateway.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let app: FastifyInstance
let database: Database
let dataDir: string
let jobs: Jobs | undefined
let baseUrl: string
let browser: Browser
let context: BrowserContext
let page: Page
let userId: number

const SHOTS = process.env.VELVET_SHOTS_DIR ?? null
const root = path.resolve(import.meta.dirname, '../..')

beforeAll(async () => {
  smtp = await startSmtpServer()
  dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-e2e-rt-'))
  mkdirSync(path.join(dataDir, 'pg'), { recursive: true })
  const config = readConfig({
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PROVIDERS: '1',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    MAIL_POSTAL_ADDRESS: 'Velvet Test Ltd, 1 Loopback Lane, Localhost',
  })
  database = await openDatabase({ dir: path.join(dataDir, 'pg') })
  await runMigrations(database)
  // As main.ts does: the job queue on the same database, started before the app.
  jobs = await startJobs(database, { error: (error: unknown) => console.error(error) })
  app = await buildApp({ config, database, clock: systemClock, jobs })
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  browser = await launchChromium()

  context = await newMobileContext(browser, baseUrl)
  await confirmOver18(context)
  page = await context.newPage()
  await signUp(page, smtp, uniqueEmail('realtime'), 'Realtime Fan')
  userId = (await storedUser(page))?.user_id ?? 0
  expect(userId).toBeGreaterThan(0)
  // The install prompt of a new account is another journey's subject.
  const notNow = page.getByRole('button', { name: 'Not now' })
  if (await notNow.count()) await notNow.click()
  await waitUntil(
    'the user socket is connected',
    () => app.services.realtime.isOnline(userId),
    Boolean,
    15_000,
  )
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await app?.close()
  await jobs?.stop({ graceful: false, close: true, timeout: 2_000 })
  await database?.close()
  await smtp?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

async function seriousA11yViolations(selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const banners = () => page.getByTestId('notification-banner')

describe('realtime notification banner', () => {
  it('shows a live notification with ring, LIVE, tokens and a right button, and a swipe up clears all', async () => {
    const { delivery } = await app.services.notifications.publish(userId, {
      notify_type: 20,
      is_show: 1,
      is_add: 1,
      show_seconds: 30,
      link: '/home?from=live',
      left: { content: null, type: 1 },
      middle: { title: 'Mia Rose is live', summary: 'Late-night Q&A, come say hi and ask me anything.' },
      right: { type: 2, content: 'Watch' },
      meta: { tokens: 1200 },
      content: '',
    })
    expect(delivery).toBe('realtime')
    await app.services.notifications.publish(userId, {
      notify_type: 10,
      is_show: 1,
      is_add: 1,
      show_seconds: 30,
      link: '/home',
      left: { content: null, type: 1 },
      middle: {
        title: 'Jade',
        summary:
          'Thanks for the tip! I recorded something special for you this afternoon, tell me what you think when you have watched it all the way to the end.',
      },
      right: null,
      meta: {},
      content: '',
    })
    await expect.poll(() => banners().count()).toBe(2)
    const live = banners().first()
    expect(await live.locator('.v-nbanner__avatar--live').count()).toBe(1)
    expect(await live.getByText('LIVE', { exact: true }).count()).toBe(1)
    expect(await live.getByText('1.2K coins').count()).toBe(1)
    expect(await live.getByRole('button', { name: 'Watch' }).count()).toBe(1)
    expect(await live.locator('[data-lines="4"]').count()).toBe(1)
    expect(await banners().nth(1).locator('[data-lines="2"]').count()).toBe(1)
    await settleAnimations(page.locator('.v-nbanners'))
    expect(await seriousA11yViolations('.v-nbanners')).toEqual([])
    await shot('banner-414')
    await page.setViewportSize(viewports.desktop)
    await page.waitForTimeout(200)
    await shot('banner-1440')
    await page.setViewportSize(viewports.mobile)

    // Swipe up more than 10 px on the banners: every one leaves (200 + 50 ms).
    const box = await live.boundingBox()
    if (!box) throw new Error('banner has no box')
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x, y - 6)
    await page.mouse.move(x, y - 30)
    await page.mouse.up()
    await expect.poll(() => banners().count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/home')
  })

  it('closes by itself after show_seconds (1 s by default), and the close icon dismisses', async () => {
    const item = {
      notify_type: 5,
      is_show: 1 as const,
      is_add: 1 as const,
      show_seconds: null,
      link: '/home',
      left: { content: null, type: 1 },
      middle: { title: 'Nova', summary: 'New message' },
      right: null,
      meta: {},
      content: '',
    }
    // A pointer resting on a banner holds it open: move it away first.
    await page.mouse.move(5, viewports.mobile.height - 5)
    await app.services.notifications.publish(userId, item)
    await banners().first().waitFor()
    const shownAt = Date.now()
    await banners().first().waitFor({ state: 'detached' })
    expect(Date.now() - shownAt).toBeGreaterThan(700)
    expect(Date.now() - shownAt).toBeLessThan(3000)

    await app.services.notifications.publish(userId, { ...item, show_seconds: 30 })
    await banners().first().getByRole('button', { name: 'Dismiss notification' }).click()
    await expect.poll(() => banners().count()).toBe(0)
  })

  it('follows the link when the banner is tapped', async () => {
    await app.services.notifications.publish(userId, {
      notify_type: 5,
      is_show: 1,
      is_add: 1,
      show_seconds: 30,
      link: '/notifications',
      left: { content: null, type: 1 },
      middle: { title: 'Ivy liked your comment', summary: '' },
      right: null,
      meta: {},
      content: '',
    })
    await banners()
      .first()
      .getByRole('button', { name: /Ivy liked your comment/ })
      .click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/notifications')
    await expect.poll(() => banners().count()).toBe(0)
    await page.goto('/home')
    await waitUntil(
      'socket back after the reload',
      () => app.services.realtime.isOnline(userId),
      Boolean,
      15_000,
    )
  })
})

describe('incoming-call banner', () => {
  const invite = (callId: string, tokens: number) => ({
    call_id: callId,
    send_user_info: { id: 424242, nick_name: 'Scarlett', portrait: null },
    user_call_setting: { total_tokens: tokens, min_time: 10 },
    timeout_sec: 60,
  })

  it('rings, a same call_id replaces it, call_cancel removes it', async () => {
    app.services.realtime.publish({ userId }, SocketChannels.callInvite, invite('call-1', 300))
    const banner = page.getByTestId('incoming-call')
    await banner.waitFor()
    expect(await banner.getByText('Scarlett').count()).toBe(1)
    expect(await banner.getByText('Calling').count()).toBe(1)
    expect(await banner.getByText('300 for 10 Min').count()).toBe(1)
    await settleAnimations(banner)
    expect(await seriousA11yViolations('[data-testid="incoming-call"]')).toEqual([])
    await shot('call-414')
    await page.setViewportSize(viewports.desktop)
    await page.waitForTimeout(200)
    await shot('call-1440')
    await page.setViewportSize(viewports.mobile)

    app.services.realtime.publish({ userId }, SocketChannels.callInvite, invite('call-1', 0))
    await banner.getByText('0 for unlimited time').waitFor()
    expect(await page.getByTestId('incoming-call').count()).toBe(1)

    app.services.realtime.publish({ userId }, SocketChannels.callCancel, { call_id: 'call-1' })
    await banner.waitFor({ state: 'detached' })
  })

  it('accept says plainly that calls are not available in this build and closes the banner', async () => {
    app.services.realtime.publish({ userId }, SocketChannels.callInvite, invite('call-2', 50))
    const banner = page.getByTestId('incoming-call')
    await banner.getByRole('button', { name: 'Accept' }).click()
    await banner.waitFor({ state: 'detached' })
    await page.getByText('Video calls are not available in this version of Velvet yet.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/home')
  })
})

describe('user socket', () => {
  it('applies user_info_change to the stored user, and signout logs out and closes the socket', async () => {
    const user = await storedUser(page)
    const full = SessionUser.parse(
      JSON.parse((await page.evaluate(() => localStorage.getItem('velvet.user'))) ?? '{}'),
    )
    app.services.realtime.publish({ userId }, SocketChannels.userInfoChange, {
      user: { ...full, nickname: 'Renamed Fan' },
    })
    await page.getByRole('heading', { name: 'Renamed Fan' }).waitFor()
    expect((await storedUser(page))?.user_id).toBe(user?.user_id)

    app.services.realtime.publish({ userId }, SocketChannels.signout, { reason: 'revoked' })
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/login')
    await waitUntil(
      'the account socket is closed',
      () => app.services.realtime.isOnline(userId),
      (on) => !on,
      10_000,
    )
  })
})
