import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MEDIA_URL_PREFIX, Visibility } from '../../packages/contract/src/index.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { seriousA11yViolations, waitUntil } from '../support/auth.ts'
import { becomeCreatorIn } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { photoJpeg } from '../support/media.ts'
import { publishByApi, scrollToGrid, uploadByApi } from '../support/posts.ts'

/**
 * Photos full screen: a fan taps a photo of a post and gets the viewer (a swipe, the arrow keys or buttons between the
 * post's photos, double tap and pinch to zoom, Escape or Close, focus kept inside and given back); a
 * locked post's viewer holds only its free preview, never the locked photos. The creator's own grid marks
 * the paid posts with their lock and price.
 */
const journey = journeyFixture()
const { api } = journey
const SHOTS = 'polish-fan-viewer'
const FREE_CAPTION = 'Three frames from the roof'
const PPV_CAPTION = 'Rooftop set, the first one free'

/** The transform scale of the viewer's current photo (1 when it is not zoomed). */
const zoomOf = (page: Page) =>
  page.evaluate(() => {
    const slide = document.querySelector('.v-viewer__slide:not([aria-hidden]) .v-viewer__zoom')
    return slide ? new DOMMatrixReadOnly(getComputedStyle(slide).transform).a : 0
  })

/** Where the focus is: inside the viewer's dialog, and the accessible name of what has it. */
const focusOf = (page: Page) =>
  page.evaluate(() => ({
    inDialog: document.activeElement?.closest('[role="dialog"]') !== null,
    label: document.activeElement?.getAttribute('aria-label') ?? null,
  }))

describe('the full-screen photo viewer', () => {
  it('opens a photo, moves between photos, zooms, closes, and never shows a locked photo', async () => {
    const { page: creatorPage } = await journey.signedUpPage('rio', 'Rio Vance')
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const uploaded = await uploadByApi(api, creator, [
      await photoJpeg(900, 1200),
      await photoJpeg(1200, 900),
      await photoJpeg(900, 1200),
      await photoJpeg(900, 1200),
      await photoJpeg(1200, 900),
    ])
    const free = await publishByApi(api, creator, { media: uploaded.slice(0, 3), caption: FREE_CAPTION })
    const ppv = await publishByApi(api, creator, {
      media: uploaded.slice(3),
      caption: PPV_CAPTION,
      visibility: Visibility.PPV,
      price: 30,
      teasers: 1,
    })

    // The creator's own grid: the paid post shows its lock and price (nothing is locked for them).
    await creatorPage.goto(`/@${creator.userName}`)
    const paidTile = creatorPage.getByRole('link', { name: /For sale, 30 coins/ })
    await paidTile.waitFor()
    expect(await paidTile.locator('.v-tile__sale').innerText()).toContain('30')
    await scrollToGrid(creatorPage)
    await saveShot(creatorPage, SHOTS, '01-own-grid-414')

    const { page } = await journey.signedUpPage('mae', 'Mae Lin')
    await page.goto(`/post?id=${free.post_id}`)
    const open = page.getByRole('button', { name: 'View photo full screen' })
    await open.first().waitFor()
    await open.first().click()
    await page.getByRole('dialog', { name: 'Photos, 1 of 3' }).waitFor()
    // Its name follows the photo shown.
    const viewer = page.getByRole('dialog')
    // The caption is the photos' alt text (the photos beside the current one are hidden from screen
    // readers); the close button has the focus.
    expect(await viewer.getByRole('img', { name: FREE_CAPTION }).count()).toBe(1)
    expect(await viewer.locator(`img[alt="${FREE_CAPTION}"]`).count()).toBe(3)
    expect(await focusOf(page)).toEqual({ inDialog: true, label: 'Close' })
    await saveShot(page, SHOTS, '02-viewer-414')
    expect(await seriousA11yViolations(page)).toEqual([])

    // The arrow keys move between the post's photos.
    await page.keyboard.press('ArrowRight')
    await page.getByRole('dialog', { name: 'Photos, 2 of 3' }).waitFor()
    await page.keyboard.press('ArrowRight')
    await page.getByRole('dialog', { name: 'Photos, 3 of 3' }).waitFor()
    await page.keyboard.press('ArrowLeft')
    await page.getByRole('dialog', { name: 'Photos, 2 of 3' }).waitFor()

    // The viewer's box, and touches on it (a phone's fingers, through the DevTools protocol).
    const box = await viewer.boundingBox()
    if (!box) throw new Error('no viewer box')
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    const cdp = await page.context().newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p, id) => ({ x: Math.round(p.x), y: Math.round(p.y), id })),
      })
    await page.keyboard.press('ArrowRight')
    await page.getByRole('dialog', { name: 'Photos, 3 of 3' }).waitFor()
    // The arrow key's smooth scroll comes to rest on the third photo.
    await waitUntil(
      'the third photo to settle',
      () => page.evaluate(() => document.querySelector('.v-viewer__track')?.scrollLeft),
      (left) => left === 2 * box.width,
    )

    // A double tap zooms in about the tap, another one back out.
    await page.touchscreen.tap(centre.x, centre.y)
    await page.touchscreen.tap(centre.x, centre.y)
    await waitUntil(
      'the double tap to zoom in',
      () => zoomOf(page),
      (scale) => scale > 2,
    )
    await viewer.getByRole('button', { name: 'Zoom out' }).waitFor()
    await saveShot(page, SHOTS, '03-viewer-zoomed-414')
    await page.touchscreen.tap(centre.x, centre.y)
    await page.touchscreen.tap(centre.x, centre.y)
    await waitUntil(
      'the double tap to zoom out',
      () => zoomOf(page),
      (scale) => scale === 1,
    )

    // Two fingers moving apart zoom in.
    await touch('touchStart', [
      { x: centre.x - 20, y: centre.y },
      { x: centre.x + 20, y: centre.y },
    ])
    for (let step = 1; step <= 8; step++)
      await touch('touchMove', [
        { x: centre.x - 20 - step * 10, y: centre.y },
        { x: centre.x + 20 + step * 10, y: centre.y },
      ])
    await touch('touchEnd', [])
    await waitUntil(
      'the pinch to zoom in',
      () => zoomOf(page),
      (scale) => scale > 1.5,
    )
    // Zoomed in, the photo stays put on the arrow keys; the button zooms back out.
    await page.keyboard.press('ArrowLeft')
    expect(await page.getByRole('dialog', { name: 'Photos, 3 of 3' }).count()).toBe(1)
    await viewer.getByRole('button', { name: 'Zoom out' }).click()
    await waitUntil(
      'the zoom button to zoom out',
      () => zoomOf(page),
      (scale) => scale === 1,
    )

    // Tab stays inside the viewer; Escape closes it and the focus goes back to the photo tapped.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      expect((await focusOf(page)).inDialog).toBe(true)
    }
    await page.keyboard.press('Escape')
    await waitUntil(
      'the viewer to close',
      () => page.getByRole('dialog').count(),
      (n) => n === 0,
    )
    expect(await focusOf(page)).toEqual({ inDialog: false, label: 'View photo full screen' })

    // A locked post: only its free preview opens, and the viewer holds nothing else.
    await page.goto(`/post?id=${ppv.post_id}`)
    await page.getByText('Free preview').waitFor()
    expect(await open.count()).toBe(1)
    await open.click()
    const single = page.getByRole('dialog', { name: 'Photo' })
    await single.waitFor()
    expect(await single.getByRole('img').count()).toBe(1)
    const html = await single.innerHTML()
    expect(html).toContain(`${MEDIA_URL_PREFIX}${ppv.media[0]?.media_id}/`)
    expect(html).not.toContain(`${MEDIA_URL_PREFIX}${ppv.media[1]?.media_id}/`)
    expect(await single.getByRole('button', { name: 'Next photo' }).count()).toBe(0)
    await single.getByRole('button', { name: 'Close' }).click()
    await waitUntil(
      'the viewer to close',
      () => page.getByRole('dialog').count(),
      (n) => n === 0,
    )

    // Desktop: the arrows are there, and a click moves on.
    const desk = await journey.newPage({
      ...desktopWindow,
      storageState: await page.context().storageState(),
    })
    await desk.goto(`/post?id=${free.post_id}`)
    await desk.getByRole('button', { name: 'View photo full screen' }).first().click()
    await desk.getByRole('dialog', { name: 'Photos, 1 of 3' }).waitFor()
    await desk.getByRole('button', { name: 'Next photo' }).click()
    await desk.getByRole('dialog', { name: 'Photos, 2 of 3' }).waitFor()
    await waitUntil(
      'the second photo to settle, loaded',
      () =>
        desk.evaluate(() => {
          const track = document.querySelector('.v-viewer__track')
          const img = document.querySelector<HTMLImageElement>('.v-viewer__slide:not([aria-hidden]) img')
          return track?.scrollLeft === track?.clientWidth && img?.complete === true
        }),
      Boolean,
    )
    await saveShot(desk, SHOTS, '04-viewer-1440')
    expect(await seriousA11yViolations(desk)).toEqual([])
    await desk.keyboard.press('Escape')
    const creatorDesk = await journey.newPage({
      ...desktopWindow,
      storageState: await creatorPage.context().storageState(),
    })
    await creatorDesk.goto(`/@${creator.userName}`)
    await creatorDesk.getByRole('link', { name: /For sale, 30 coins/ }).waitFor()
    await scrollToGrid(creatorDesk)
    await saveShot(creatorDesk, SHOTS, '05-own-grid-1440')
  })
})
