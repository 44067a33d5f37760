import type { Page, Route } from 'playwright-core'
import { currentUser, refresh, showSettings, systemInit } from '../../packages/contract/src/index.ts'

/** Helpers of the app-shell journeys (journeys/shell*.e2e.ts) and the shell screenshots. */

const ok = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ result: 'ok', data }),
})

/** Answers system/init with the given unread totals. */
export async function fakeUnread(page: Page, totals: { TC: number; TN: number; SC?: number }): Promise<void> {
  await page.route(`**${systemInit.path}*`, (route) => route.fulfill(ok({ SC: 0, ...totals })))
}

/** Answers show_settings with these settings. */
export async function fakeSettings(
  page: Page,
  settings: Partial<{ CT: 1 | 2; AP: 0 | 1; live_enabled: boolean; new_feature_until: string }>,
): Promise<void> {
  await page.route(`**${showSettings.path}*`, (route) =>
    route.fulfill(
      ok({
        CT: 1,
        AP: 0,
        live_enabled: false,
        new_feature_until: '2025-11-15T10:00:00Z',
        ...settings,
      }),
    ),
  )
}

/**
 * Makes the signed-in account a creator in the browser's eyes: the server's current-user and refresh
 * answers come back with user_role 1 (host verification arrives with a later issue).
 */
export async function actAsCreator(page: Page): Promise<void> {
  const patch = async (route: Route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { result: string; data?: { user?: { user_role: number } } }
    if (body.data?.user) body.data.user.user_role = 1
    await route.fulfill({ response, body: JSON.stringify(body) })
  }
  await page.route(`**${currentUser.path}*`, patch)
  await page.route(`**${refresh.path}*`, patch)
}

/**
 * Opens `path` and waits until the page's user socket has connected (socket.io's connect answer, which
 * comes once the server has put the socket in the user's room): live events sent after this reach it.
 * The answer comes in a long-polling response, or in a WebSocket frame when the transport was upgraded
 * first (which a loaded machine makes likelier); either counts.
 */
export async function gotoWithSocket(page: Page, path: string): Promise<void> {
  const isConnectAnswer = (text: string) => text.includes('40{"sid"')
  const polled = page.waitForResponse(
    async (response) =>
      response.url().includes('/socket.io/') && isConnectAnswer(await response.text().catch(() => '')),
    { timeout: 30_000 },
  )
  const framed = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (isConnectAnswer(String(payload))) resolve()
      })
    })
  })
  await page.goto(path)
  await Promise.race([polled, framed])
  polled.catch(() => undefined)
}

/**
 * Waits for the toast saying `text` and checks it sits under the screen's bar (the header holding its "Go
 * back" button), never over it.
 */
export async function expectToastBelowBar(page: Page, text: string): Promise<void> {
  const toast = page.locator('.v-toast').filter({ hasText: text })
  await toast.waitFor()
  const bar = page.locator('header').filter({ has: page.getByRole('button', { name: 'Go back' }) })
  const [toastBox, barBox] = await Promise.all([toast.boundingBox(), bar.first().boundingBox()])
  if (!toastBox || !barBox) throw new Error(`the toast "${text}" or the screen's bar is not on screen`)
  if (toastBox.y < barBox.y + barBox.height)
    throw new Error(
      `the toast "${text}" (top ${toastBox.y}) covers the bar (bottom ${barBox.y + barBox.height})`,
    )
}
