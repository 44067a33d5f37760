import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { startSmtpServer } from '../../apps/server/src/test/smtp.ts'
import { type Api, type ApiUser, lazyApi, sessionOf } from './api.ts'
import { type SmtpServer, signUp, uniqueEmail } from './auth.ts'
import { confirmOver18, launchChromium, newMobileContext } from './browser.ts'
import { startServer } from './server.ts'
import { SERVER_DATA_TEMPLATE } from './server-template.ts'

export type RunningServer = Awaited<ReturnType<typeof startServer>>

export interface Journey {
  readonly smtp: SmtpServer
  readonly server: RunningServer
  readonly browser: Browser
  /** The signed API client on this server (it connects at its first call, so it can be held from the top). */
  readonly api: Api
  /** A phone-sized context that already said it is over 18; closed after the test. */
  adultContext(options?: BrowserContextOptions): Promise<BrowserContext>
  /** A page in a fresh adult context (closed after the test). */
  newPage(options?: BrowserContextOptions): Promise<Page>
  /** Someone new signed up through the browser (a unique e-mail from `tag`): their page and who they are. */
  signedUpPage(tag: string, nickname: string, options?: BrowserContextOptions): Promise<SignedUpPage>
}

export interface SignedUpPage {
  page: Page
  me: ApiUser
}

/**
 * The set-up every journey file shares: one SMTP server, one real server process (`npm start`'s entry point)
 * mailing to it, on a copy of the database the global set-up migrated (server-template.ts), and one Chromium, started before the file's tests and stopped after them; the API client
 * and sign-up through the browser that most journeys start from. Contexts made through the fixture are
 * closed after each test.
 */
export function journeyFixture(env: Record<string, string> = {}): Journey {
  let smtp: SmtpServer | undefined
  let server: RunningServer | undefined
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    smtp = await startSmtpServer()
    const databaseTemplate = (inject as (key: string) => string | undefined)(SERVER_DATA_TEMPLATE)
    server = await startServer({ SMTP_URL: smtp.url, ...env }, { databaseTemplate })
    browser = await launchChromium()
  })
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)))
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await smtp?.close()
  })

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet (use it inside a test or hook)`)
    return value
  }

  const journey: Journey = {
    get smtp() {
      return started(smtp, 'the SMTP server')
    },
    get server() {
      return started(server, 'the server')
    },
    get browser() {
      return started(browser, 'Chromium')
    },
    api: lazyApi(() => journey.server.baseUrl),
    async adultContext(options = {}) {
      const context = await newMobileContext(journey.browser, journey.server.baseUrl, options)
      await confirmOver18(context)
      contexts.push(context)
      return context
    },
    async newPage(options = {}) {
      return (await journey.adultContext(options)).newPage()
    },
    signedUpPage: async (tag, nickname, options = {}) => {
      const page = await journey.newPage(options)
      await signUp(page, journey.smtp, uniqueEmail(tag), nickname)
      return { page, me: await sessionOf(page) }
    },
  }
  return journey
}
