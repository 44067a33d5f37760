import type { BrowserContext, Page } from 'playwright-core'
import { waitUntil } from './auth.ts'

/** Waits until the page's service worker is activated and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    }
    return registration.active?.state
  })
}

export interface ShownNotification {
  title: string
  body: string
  tag: string
  data: unknown
  icon: string
}

/**
 * Hands `data` to the page's service worker as a push message (DevTools' delivery: Chromium cannot reach a
 * real push service from here) and answers the notifications it shows. DevTools' delivery is best effort: on
 * a loaded machine Chromium has dropped one, so the same tagged push is delivered up to three times (the
 * notification replaces itself).
 */
export async function deliverPush(
  context: BrowserContext,
  page: Page,
  baseUrl: string,
  data: string,
): Promise<ShownNotification[]> {
  const cdp = await context.newCDPSession(page)
  // Listen before enabling: the registrations are reported while `enable` is answered.
  const registrationId = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const match = event.registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted)
        if (match) resolve(match.registrationId)
      },
    )
  })
  await cdp.send('ServiceWorker.enable')
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  const shown = () =>
    worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration }
      const list = await scope.registration.getNotifications()
      return list.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        icon: n.icon,
      }))
    })
  let notifications: ShownNotification[] = []
  for (let attempt = 1; attempt <= 3 && notifications.length === 0; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registrationId,
      data,
    })
    notifications = await waitUntil(
      'a notification shown by the service worker',
      shown,
      (list) => list.length > 0,
      5_000,
    ).catch(() => [])
  }
  return notifications
}
