import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MediaFailure, MediaState, mediaStatus, type OwnMedia } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import {
  jpegWithGps,
  mediaParts,
  mediaRow,
  prepare,
  testClip,
  tusClient,
} from '../../test/upload-factories.ts'
import { sweepStaleUploads } from './jobs.ts'

let t: TestApp
let baseUrl: string
let creator: Account
let scratch: string
beforeAll(async () => {
  t = await startTestApp({}, { jobs: true })
  baseUrl = await t.listen()
  creator = await makeCreator(t)
  scratch = mkdtempSync(path.join(tmpdir(), 'velvet-pipeline-'))
})
afterAll(async () => {
  await t.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** Polls mediaStatus until the media leaves processing (the pg-boss worker runs in this process). */
async function settled(mediaId: number): Promise<OwnMedia> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const res = await t.call(mediaStatus, { ids: String(mediaId) }, { token: creator.token })
    const own = res.body.data.list[0] as OwnMedia
    if (own.state !== MediaState.Processing || Date.now() > deadline) return own
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function uploadFile(bytes: Buffer, mime: string): Promise<number> {
  const res = await prepare(t, creator.token, bytes, mime)
  const mediaId: number = res.body.data.media.media_id
  const done = await tusClient(baseUrl, creator.token).upload(mediaId, bytes)
  expect(done.status).toBe(204)
  return mediaId
}

describe(`upload to playback through the job queue on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('processes an uploaded photo in the media-process job and serves its renditions', async () => {
    const mediaId = await uploadFile(await jpegWithGps(1200, 800), 'image/jpeg')
    const own = await settled(mediaId)
    expect(own.state).toBe(MediaState.Ready)
    expect(own.urls?.images.map((i) => i.width)).toEqual([480, 800])
    const image = await fetch(`${baseUrl}${own.urls?.images[0]?.webp}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('cache-control')).toBe('private, no-store')
  })

  it('processes an uploaded video and plays it over HLS', async () => {
    const mediaId = await uploadFile(testClip(scratch, 2), 'video/mp4')
    const own = await settled(mediaId)
    expect(own.state).toBe(MediaState.Ready)
    expect(own.duration).toBeCloseTo(2, 0)
    const playlist = await (await fetch(`${baseUrl}${own.urls?.hls}`)).text()
    const segment = playlist.split('\n').find((line) => line.startsWith('/fapi/media/'))
    const answer = await fetch(`${baseUrl}${segment}`, {
      headers: { authorization: `Bearer ${creator.token}` },
    })
    expect(answer.status).toBe(200)
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    expect((await fetch(`${baseUrl}${own.urls?.mp4}`, { headers: { range: 'bytes=0-99' } })).status).toBe(206)
  })
})

describe('clean-up of unfinished uploads', () => {
  it('fails uploads left unfinished past the expiry and removes their bytes; newer ones stay', async () => {
    const parts = mediaParts(t)
    const bytes = await jpegWithGps(600, 400)
    const res = await prepare(t, creator.token, bytes, 'image/jpeg')
    const staleId: number = res.body.data.media.media_id
    const client = tusClient(baseUrl, creator.token)
    const created = await client.create(staleId, bytes.length)
    await client.patch(created.url ?? '', 0, bytes.subarray(0, 1000))
    const { uploadId } = await mediaRow(t, staleId)
    const staged = path.join(t.dataDir, 'uploads', uploadId ?? '-')
    expect(existsSync(staged)).toBe(true)

    t.clock.advance(23 * 3_600_000)
    const fresh = await prepare(t, creator.token, await jpegWithGps(610, 400), 'image/jpeg')
    t.clock.advance(2 * 3_600_000)

    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never
    const failed = await sweepStaleUploads({
      repo: parts.repo,
      staging: parts.staging,
      clock: t.clock,
      cleanUpExpiredUploads: async () => 0,
      log: silent,
    })
    expect(failed).toBeGreaterThanOrEqual(1)
    expect(await mediaRow(t, staleId)).toMatchObject({
      state: MediaState.Failed,
      error: MediaFailure.expired,
    })
    expect(existsSync(staged)).toBe(false)
    expect((await mediaRow(t, fresh.body.data.media.media_id)).state).toBe(MediaState.Uploading)
    // The failed upload's URL is gone for good.
    expect((await client.head(created.url ?? '')).status).toBe(404)
  })
})
