import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  MediaState,
  mediaStatus,
  PostState,
  postDetail,
  ShellTexts,
  userPosts,
  Visibility,
} from '../../packages/contract/src/index.ts'
import type { ApiUser } from '../support/api.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { expectUrl, seriousA11yViolations, signUp, uniqueEmail, waitUntil } from '../support/auth.ts'
import { becomeCreatorIn } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { clipMp4, gradientPng, photoJpeg, type TestFile } from '../support/media.ts'
import { scrollToGrid } from '../support/posts.ts'

const journey = journeyFixture()
const { api } = journey

/**
 * Publishing as a creator does it: the create popup, the composer with real uploads (the md5 in
 * the browser's worker, tus, the server's processing jobs with sharp and ffmpeg), who can see the post and
 * its price, the success page and the profile grid. The fan's side of these posts is feed.e2e.ts.
 */

const SHOTS = 'issue5'
const NICKNAME = 'Ivy Lens'

/** Set by the first test: the creator, signed in (browser state carried into later tests). */
let creator: ApiUser | undefined
let creatorState: BrowserContextOptions['storageState']

function signedInCreator(): { who: ApiUser; state: NonNullable<typeof creatorState> } {
  if (!creator || !creatorState) throw new Error('the first test makes the creator')
  return { who: creator, state: creatorState }
}

/** The tiles' status as it changes ("Preparing", "37%", …, "ready"), recorded in the page by tile. */
async function recordTileStatus(page: Page): Promise<() => Promise<string[][]>> {
  await page.evaluate(() => {
    const seen: string[][] = []
    const read = () => {
      document.querySelectorAll('.v-mgrid .v-mtile').forEach((tile, index) => {
        const label = tile.querySelector('.v-mtile__label')?.textContent ?? 'ready'
        seen[index] ??= []
        if (seen[index].at(-1) !== label) seen[index].push(label)
      })
    }
    const options = { subtree: true, childList: true, characterData: true, attributes: true }
    new MutationObserver(read).observe(document.body, options)
    ;(window as unknown as { tileStatus: string[][] }).tileStatus = seen
  })
  return () => page.evaluate(() => (window as unknown as { tileStatus: string[][] }).tileStatus)
}

/** The percentages a tile showed between its first and last byte. */
const partway = (statuses: string[]) =>
  statuses
    .map((status) => /^(\d+)%$/.exec(status)?.[1])
    .filter((value) => value !== undefined)
    .map(Number)
    .filter((value) => value > 0 && value < 100)

/** The composer's media tiles by their accessible name ("Photo 1. Ready. Options"). */
const readyTiles = (page: Page) =>
  page.getByRole('button', { name: /^(Photo|Video) \d+.*\. Ready\. Options$/ })

/** Opens the composer the way a creator does: the publish tab, then New Post in the create popup. */
async function openComposerFromTabBar(page: Page): Promise<number> {
  await page.goto('/home')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Publish' }).click()
  const sheet = page.getByRole('dialog', { name: ShellTexts.createPost.title })
  await sheet.getByRole('button', { name: new RegExp(ShellTexts.createPost.newPost) }).click()
  await page.waitForURL(/\/publish\?post_id=\d+$/)
  await page.getByRole('heading', { name: 'Photos and videos' }).waitFor()
  return Number(new URL(page.url()).searchParams.get('post_id'))
}

async function addFiles(page: Page, files: TestFile[]): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(files)
}

async function publishAndLand(page: Page, postId: number): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expectUrl(page, `/publish/success?post_id=${postId}`, 15_000)
  await page.getByRole('heading', { name: 'Your post is live' }).waitFor()
  await page.getByRole('link', { name: 'View post' }).waitFor()
}

describe('publishing journeys', () => {
  it('uploads two photos and a video with visible progress and publishes a pay-per-view post', async () => {
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('creator'), NICKNAME)
    creator = await becomeCreatorIn(page, api, '/home')
    const postId = await openComposerFromTabBar(page)

    // A slow uplink (about 400 KB/s) so each transfer takes a moment, as on a phone.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    })
    const statuses = await recordTileStatus(page)
    const files = [await photoJpeg(), await photoJpeg(1080, 1350), clipMp4(3)]
    await addFiles(page, files)
    const tiles = page.getByRole('list', { name: 'Photos and videos in order' }).getByRole('listitem')
    // The three files, and "Add".
    await waitUntil(
      'three tiles',
      () => tiles.count(),
      (n) => n === 4,
    )
    await page
      .getByRole('button', { name: /^(Photo|Video) \d+.*\. Uploading, / })
      .first()
      .waitFor()
    await saveShot(page, SHOTS, 'mobile-composer-uploading')
    await readyTiles(page).nth(2).waitFor({ timeout: 60_000 })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    expect(await readyTiles(page).count()).toBe(3)
    const names = await readyTiles(page).evaluateAll((buttons) => buttons.map((b) => b.ariaLabel))
    expect(names).toEqual([
      'Photo 1, cover. Ready. Options',
      'Photo 2. Ready. Options',
      'Video 3. Ready. Options',
    ])

    // Each tile showed its transfer moving forward (percentages partway) before it was processed and ready.
    const seen = await statuses()
    expect(seen).toHaveLength(3)
    for (const tile of seen) {
      const moving = partway(tile)
      expect(moving.length, JSON.stringify(seen)).toBeGreaterThan(0)
      expect(moving).toEqual([...moving].sort((a, b) => a - b))
      expect(tile).toContain('Processing…')
      expect(tile.at(-1)).toBe('ready')
    }
    // The video tile shows its length once processed.
    await page.getByText('0:03', { exact: true }).waitFor()

    // Pay per view at 120 coins, with a caption.
    await page.getByRole('textbox', { name: 'Caption' }).fill('Golden hour on the roof #sunset')
    await page.getByRole('radio', { name: /^Pay per view/ }).check()
    await page.getByRole('textbox', { name: 'Price' }).fill('120')
    expect(await seriousA11yViolations(page)).toEqual([])
    await page
      .getByRole('radio', { name: /^Pay per view/ })
      .evaluate((radio) => radio.scrollIntoView({ block: 'center' }))
    await saveShot(page, SHOTS, 'mobile-composer-ready')
    await publishAndLand(page, postId)
    await saveShot(page, SHOTS, 'mobile-success')

    // What the server keeps: published, PPV 120, the three media in order, each processed.
    const { post } = await api.call(postDetail, { id: postId }, creator)
    expect(post).toMatchObject({
      state: PostState.Published,
      visibility: Visibility.PPV,
      price: 120,
      caption: 'Golden hour on the roof #sunset',
      lock: null,
    })
    expect(post.media.map((item) => item.kind)).toEqual(['image', 'image', 'video'])
    expect(post.media.every((item) => item.state === MediaState.Ready && item.urls !== null)).toBe(true)
    const own = await api.call(mediaStatus, { ids: post.media.map((m) => m.media_id).join(',') }, creator)
    const bySize = (a: number, b: number) => a - b
    expect(own.list.map((item) => item.size).sort(bySize)).toEqual(
      files.map((f) => f.buffer.length).sort(bySize),
    )

    // "View post" opens it; the profile grid has it first.
    await page.getByRole('link', { name: 'View post' }).click()
    await page.waitForURL(/\/post\?id=/)
    await page.getByText('Golden hour on the roof').waitFor()
    await page.goto(`/@${creator.userName}`)
    await page.getByRole('heading', { level: 1, name: NICKNAME }).waitFor()
    await page.getByRole('link', { name: '2 photos · 1 video' }).waitFor()
    // The success page without a post (typed or bookmarked) opens the composer, not a success about nothing.
    // (The composer then starts a new draft and names it in the URL, so only the path is compared.)
    await page.goto('/publish/success')
    await page.waitForURL((url) => url.pathname === '/publish')
    creatorState = await page.context().storageState()
  })

  it('publishes a members-only post on a desktop browser; both posts are on the profile grid', async () => {
    const { who, state } = signedInCreator()
    const page = await journey.newPage({ ...desktopWindow, storageState: state })
    await page.goto('/publish')
    await page.waitForURL(/\/publish\?post_id=\d+$/)
    const postId = Number(new URL(page.url()).searchParams.get('post_id'))
    await addFiles(page, [await gradientPng(900, 1200)])
    await readyTiles(page).first().waitFor({ timeout: 30_000 })
    await page.getByRole('textbox', { name: 'Caption' }).fill('Members only: behind the scenes')
    await page.getByRole('radio', { name: /^Members\s*Only your members/ }).check()
    // Members see it without a price: no price field.
    expect(await page.getByRole('textbox', { name: 'Price' }).count()).toBe(0)
    expect(await seriousA11yViolations(page)).toEqual([])
    await saveShot(page, SHOTS, 'desktop-composer-ready')
    await publishAndLand(page, postId)
    await saveShot(page, SHOTS, 'desktop-success')

    const { post } = await api.call(postDetail, { id: postId }, who)
    expect(post).toMatchObject({ state: PostState.Published, visibility: Visibility.Members, price: null })

    // The grid, newest first: the members post, then the pay-per-view one.
    const grid = await api.call(userPosts, { user_id: who.userId, limit: 24, filter: 'all' }, who)
    expect(grid.list.map((item) => item.visibility)).toEqual([Visibility.Members, Visibility.PPV])
    await page.goto(`/@${who.userName}`)
    // The creator's own tiles also say how each post is sold.
    const tiles = page.getByRole('link', { name: /^(\d+ photos?)( · \d+ videos?)?\. For / })
    await waitUntil(
      'two tiles on the grid',
      () => tiles.count(),
      (n) => n === 2,
    )
    expect(await tiles.evaluateAll((links) => links.map((link) => link.ariaLabel))).toEqual([
      '1 photo. For members',
      '2 photos · 1 video. For sale, 120 coins',
    ])
    await scrollToGrid(page)
    await saveShot(page, SHOTS, 'desktop-profile-grid')

    const phone = await journey.newPage({ storageState: state })
    await phone.goto(`/@${who.userName}`)
    await phone.getByRole('link', { name: '2 photos · 1 video' }).waitFor()
    await scrollToGrid(phone)
    await saveShot(phone, SHOTS, 'mobile-profile-grid')
  })
})
