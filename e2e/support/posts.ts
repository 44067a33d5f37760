import type { Locator, Page } from 'playwright-core'
import {
  createPost,
  DEFAULT_PLATFORM,
  Headers,
  Media,
  MediaState,
  mediaStatus,
  type OwnMedia,
  type Post,
  Posts,
  prepareUpload,
  Session,
  savePost,
  Visibility,
} from '../../packages/contract/src/index.ts'
import type { Api, Caller } from './api.ts'
import { waitUntil } from './auth.ts'
import { md5Of, type TestFile } from './media.ts'

/**
 * API shortcuts for journeys that need a creator's posts without typing them in the composer (the
 * composer's own journey is publish.e2e.ts): uploads over tus as the web client sends them, and posts
 * made with post/create + post/save. Then a few moves on the post screens (feed, grid, schedule field).
 */

/** The session headers the web client puts on its tus requests (apps/web/src/lib/upload/tus-transport.ts). */
function uploadHeaders(who: Caller): Record<string, string> {
  return {
    'tus-resumable': '1.0.0',
    [Headers.token]: `${Session.tokenType} ${who.token}`,
    [Headers.userId]: String(who.userId),
    [Headers.userRole]: String(who.userRole),
    [Headers.userType]: String(who.userType),
    [Headers.platform]: DEFAULT_PLATFORM,
    [Headers.timezone]: 'UTC',
  }
}

/** Sends `bytes` to the resumable endpoint: a creation naming the media, then PATCHes of one chunk each. */
async function sendOverTus(api: Api, who: Caller, endpoint: string, mediaId: number, bytes: Buffer) {
  const headers = uploadHeaders(who)
  const created = await fetch(new URL(endpoint, api.baseUrl), {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `media_id ${Buffer.from(String(mediaId)).toString('base64')}`,
    },
  })
  const location = created.headers.get('location')
  if (created.status !== 201 || !location) {
    throw new Error(`tus creation: ${created.status} ${await created.text()}`)
  }
  const url = new URL(location, api.baseUrl)
  for (let offset = 0; offset < bytes.length; offset += Media.uploadChunkBytes) {
    const chunk = bytes.subarray(offset, offset + Media.uploadChunkBytes)
    const sent = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(chunk),
    })
    if (sent.status !== 204) throw new Error(`tus PATCH at ${offset}: ${sent.status} ${await sent.text()}`)
  }
}

/** Waits until the server has processed every media in `ids` (state ready); a failed one throws. */
export async function waitForMediaReady(api: Api, who: Caller, ids: number[]): Promise<OwnMedia[]> {
  const list = await waitUntil(
    `media ${ids.join(', ')} to be processed`,
    async () => (await api.call(mediaStatus, { ids: ids.join(',') }, who)).list,
    (items) =>
      items.length === ids.length &&
      items.every((item) => item.state === MediaState.Ready || item.state === MediaState.Failed),
    60_000,
  )
  const failed = list.filter((item) => item.state === MediaState.Failed)
  if (failed.length > 0) throw new Error(`processing failed: ${JSON.stringify(failed)}`)
  // In the order asked for.
  return ids.map((id) => {
    const item = list.find((candidate) => candidate.media_id === id)
    if (!item) throw new Error(`media ${id} is missing`)
    return item
  })
}

/** Uploads files the way the composer does (prepare by md5, then tus) and waits until they are ready. */
export async function uploadByApi(api: Api, who: Caller, files: TestFile[]): Promise<OwnMedia[]> {
  const ids: number[] = []
  for (const file of files) {
    const prepared = await api.call(
      prepareUpload,
      { md5: md5Of(file.buffer), size: file.buffer.length, mime: file.mimeType, name: file.name },
      who,
    )
    if (!prepared.duplicate) {
      if (!prepared.upload_endpoint) throw new Error(`no upload endpoint for ${file.name}`)
      await sendOverTus(api, who, prepared.upload_endpoint, prepared.media.media_id, file.buffer)
    }
    ids.push(prepared.media.media_id)
  }
  return waitForMediaReady(api, who, ids)
}

export interface PostByApi {
  media: readonly OwnMedia[]
  caption: string
  visibility?: Visibility
  price?: number
  /** How many of the first media are free previews of a locked post. */
  teasers?: number
}

/** A published post of `who` with these media, as the composer would save it. */
export async function publishByApi(api: Api, who: Caller, post: PostByApi): Promise<Post> {
  const { post_id } = await api.call(createPost, { from: 1 }, who)
  const saved = await api.call(
    savePost,
    {
      post_id,
      action: 'publish',
      caption: post.caption,
      media: post.media.map((item, index) => ({
        media_id: item.media_id,
        is_free_preview: index < (post.teasers ?? 0),
      })),
      cover_media_id: null,
      visibility: post.visibility ?? Visibility.Everyone,
      price: post.price ?? null,
      publish_at: null,
    },
    who,
  )
  return saved.post
}

/** Scrolls a profile so its posts grid starts under the top bar (for a screenshot of the grid). */
export async function scrollToGrid(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Posts', exact: true })
  await heading.evaluate((element) => {
    const bar = document.querySelector('header')?.offsetHeight ?? 56
    window.scrollTo({
      top: element.getBoundingClientRect().top + window.scrollY - bar - 8,
      behavior: 'instant',
    })
  })
}

/** The feed shows its first cards (the list is virtualized: only cards near the viewport exist). */
export async function openFeed(page: Page): Promise<void> {
  await page.goto('/home')
  await page.getByRole('article').first().waitFor({ timeout: 15_000 })
}

/**
 * Scrolls the feed down until `target` is there (the list is virtualized: only cards near the viewport
 * exist), then puts its top `y` pixels below the top of the window.
 */
export async function scrollCardTo(page: Page, target: Locator, y: number): Promise<void> {
  const deadline = Date.now() + 15_000
  while ((await target.count()) === 0) {
    if (Date.now() > deadline) throw new Error('the card did not come into the list')
    // A step, then two frames for the list to render what came into view (or the next page to start).
    await page.evaluate(
      () =>
        new Promise((done) => {
          window.scrollBy({ top: 600, behavior: 'instant' })
          requestAnimationFrame(() => requestAnimationFrame(done))
        }),
    )
  }
  await target.evaluate((element, offset) => {
    window.scrollTo({
      top: element.getBoundingClientRect().top + window.scrollY - offset,
      behavior: 'instant',
    })
  }, y)
}

/**
 * The next whole minute at least Posts.scheduleMinLeadSeconds (plus a few seconds to type and send it)
 * ahead: the composer's date and time field has minute precision.
 */
export function nextSchedulableMinute(nowSeconds: number): number {
  return Math.ceil((nowSeconds + Posts.scheduleMinLeadSeconds + 8) / 60) * 60
}

/** `seconds` as the page's datetime-local value (the browser's own time zone). */
export const localInputValue = (page: Page, seconds: number) =>
  page.evaluate((at) => {
    const d = new Date(at * 1000)
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
  }, seconds)
