import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { ErrorCodes, MediaFailure, MediaState, mediaStatus, UPLOAD_ENDPOINT } from '@velvet/contract'
import { count, eq } from 'drizzle-orm'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import {
  jpegWithGps,
  md5Of,
  mediaRow,
  pixelBombPng,
  png,
  prepare,
  tusClient,
} from '../../test/upload-factories.ts'
import { mediaProcessJob } from './queues.ts'
import { media } from './schema.ts'
import { originalKey } from './upload.ts'

/** PUBLIC_URL of the test app: the one origin whose pages may upload from a browser. */
const APP_ORIGIN = 'https://velvet.example'

let t: TestApp
let baseUrl: string
let creator: Account
let other: Account
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: `${APP_ORIGIN}/` })
  baseUrl = await t.listen()
  creator = await makeCreator(t)
  other = await makeCreator(t)
})
afterAll(async () => {
  await t.close()
})

const stagedFiles = () =>
  readdirSync(path.join(t.dataDir, 'uploads')).filter((name) => !name.endsWith('.json'))
const originalPath = (mediaId: number) => path.join(t.dataDir, 'media', originalKey(mediaId))

/** A photo with different bytes each time (so that the md5 rule does not see a duplicate). */
let photoCounter = 0
async function freshPhoto(): Promise<Buffer> {
  photoCounter += 1
  return png(40 + photoCounter, 30)
}

async function announce(account: Account, bytes: Buffer, mime = 'image/png') {
  const res = await prepare(t, account.token, bytes, mime)
  expect(res.status).toBe(200)
  return res.body.data as {
    media: { media_id: number; state: number }
    duplicate: boolean
    upload_endpoint: string | null
  }
}

describe(`announcing uploads on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lets only creators announce files', async () => {
    const fan = await makeAccount(t)
    const guest = await makeGuest(t)
    const bytes = await freshPhoto()
    expect((await prepare(t, fan.token, bytes, 'image/png')).body.error.code).toBe(ErrorCodes.Forbidden.code)
    expect((await prepare(t, guest.token, bytes, 'image/png')).body.error.code).toBe(
      ErrorCodes.SignupNeedsLogin.code,
    )
    const answer = await announce(creator, bytes)
    expect(answer).toMatchObject({ duplicate: false, upload_endpoint: '/fapi/upload/' })
    expect(answer.media.state).toBe(MediaState.Uploading)
  })

  it('refuses an unsupported type (415) and an announced size over the limit (413)', async () => {
    const bytes = await freshPhoto()
    const text = await prepare(t, creator.token, bytes, 'text/plain')
    expect(text.status).toBe(415)
    expect(text.body.error.code).toBe(ErrorCodes.UnsupportedMedia.code)
    const huge = await prepare(t, creator.token, bytes, 'image/png', { size: 51 * 1024 * 1024 })
    expect(huge.status).toBe(413)
    expect(huge.body.error.code).toBe(ErrorCodes.PayloadTooLarge.code)
    expect(huge.body.error.message).toMatch(/photo is too large/)
  })

  it('answers the same media for the same file (md5 rule), without a second row', async () => {
    const bytes = await freshPhoto()
    const first = await announce(creator, bytes)
    const again = await announce(creator, bytes)
    expect(again.duplicate).toBe(true)
    expect(again.media.media_id).toBe(first.media.media_id)
    // Still uploading: the client resumes the same media at the upload endpoint.
    expect(again.upload_endpoint).toBe('/fapi/upload/')
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(media)
      .where(eq(media.md5, md5Of(bytes)))
    expect(rows?.n).toBe(1)

    await tusClient(baseUrl, creator.token).upload(first.media.media_id, bytes)
    const afterUpload = await announce(creator, bytes)
    expect(afterUpload).toMatchObject({ duplicate: true, upload_endpoint: null })
    expect(afterUpload.media.state).toBe(MediaState.Processing)

    // Another creator with the same file gets their own media.
    const theirs = await announce(other, bytes)
    expect(theirs.duplicate).toBe(false)
    expect(theirs.media.media_id).not.toBe(first.media.media_id)
  })

  it("lists only the viewer's own media in mediaStatus", async () => {
    const mine = await announce(creator, await freshPhoto())
    const theirs = await announce(other, await freshPhoto())
    const res = await t.call(
      mediaStatus,
      { ids: `${theirs.media.media_id},${mine.media.media_id}` },
      { token: creator.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.list.map((m: { media_id: number }) => m.media_id)).toEqual([mine.media.media_id])
  })
})

describe('resumable uploads (tus)', () => {
  it('takes a file, checks it, stores the original and queues processing in the same transaction', async () => {
    const bytes = await freshPhoto()
    const { media: announced } = await announce(creator, bytes)
    const done = await tusClient(baseUrl, creator.token).upload(announced.media_id, bytes)
    expect(done.status).toBe(204)
    expect(done.offset).toBe(bytes.length)
    const row = await mediaRow(t, announced.media_id)
    expect(row.state).toBe(MediaState.Processing)
    expect(readFileSync(originalPath(announced.media_id))).toEqual(bytes)
    expect(t.sentJobs).toContainEqual(
      expect.objectContaining({
        queue: mediaProcessJob.name,
        data: { media_id: announced.media_id },
        inTransaction: true,
      }),
    )
    expect(stagedFiles()).not.toContain(row.uploadId)
  })

  it('needs a session, and refuses fans', async () => {
    const bytes = await freshPhoto()
    const { media: announced } = await announce(creator, bytes)
    expect((await tusClient(baseUrl, null).create(announced.media_id, bytes.length)).status).toBe(401)
    const fan = await makeAccount(t)
    expect((await tusClient(baseUrl, fan.token).create(announced.media_id, bytes.length)).status).toBe(403)
  })

  it("refuses someone else's media id, and someone else's upload URL", async () => {
    const bytes = await freshPhoto()
    const { media: announced } = await announce(creator, bytes)
    const stolen = await tusClient(baseUrl, other.token).create(announced.media_id, bytes.length)
    expect(stolen.status).toBe(404)
    expect(JSON.parse(stolen.body).error.code).toBe(ErrorCodes.MediaNotFound.code)

    const created = await tusClient(baseUrl, creator.token).create(announced.media_id, bytes.length)
    expect(created.status).toBe(201)
    const url = created.url ?? ''
    expect((await tusClient(baseUrl, other.token).patch(url, 0, bytes)).status).toBe(404)
    expect((await tusClient(baseUrl, other.token).head(url)).status).toBe(404)
    expect((await tusClient(baseUrl, creator.token).head(url)).offset).toBe(0)
  })

  it('lets a new upload of the same media replace a lost one, dropping the old bytes', async () => {
    const bytes = await jpegWithGps(500, 400)
    const { media: announced } = await announce(creator, bytes, 'image/jpeg')
    const client = tusClient(baseUrl, creator.token)
    const lost = await client.create(announced.media_id, bytes.length)
    await client.patch(lost.url ?? '', 0, bytes.subarray(0, 1000))
    const lostId = (await mediaRow(t, announced.media_id)).uploadId
    expect(stagedFiles()).toContain(lostId)

    const done = await client.upload(announced.media_id, bytes)
    expect(done.status).toBe(204)
    expect(stagedFiles()).not.toContain(lostId)
    expect((await client.head(lost.url ?? '')).status).toBe(404)
    expect((await mediaRow(t, announced.media_id)).state).toBe(MediaState.Processing)
  })

  it('refuses a length other than the announced one, and bytes beyond it', async () => {
    const bytes = await freshPhoto()
    const { media: announced } = await announce(creator, bytes)
    const client = tusClient(baseUrl, creator.token)
    const wrongLength = await client.create(announced.media_id, bytes.length + 10)
    expect(wrongLength.status).toBe(409)
    expect(JSON.parse(wrongLength.body).error.code).toBe(ErrorCodes.UploadMismatch.code)

    const created = await client.create(announced.media_id, bytes.length)
    const tooMuch = await client.patch(created.url ?? '', 0, Buffer.concat([bytes, Buffer.alloc(100)]))
    expect(tooMuch.status).toBe(413)
    expect((await client.head(created.url ?? '')).offset).toBe(0)
    expect((await mediaRow(t, announced.media_id)).state).toBe(MediaState.Uploading)
  })

  it('refuses a file whose bytes are not what its name says (magic bytes), and drops them', async () => {
    const bytes = Buffer.from('this is plain text pretending to be a picture.png\n'.repeat(20))
    const { media: announced } = await announce(creator, bytes, 'image/png')
    const done = await tusClient(baseUrl, creator.token).upload(announced.media_id, bytes)
    expect(done.status).toBe(415)
    expect(JSON.parse(done.body).error.code).toBe(ErrorCodes.UnsupportedMedia.code)
    const row = await mediaRow(t, announced.media_id)
    expect(row).toMatchObject({ state: MediaState.Failed, error: MediaFailure.notAccepted })
    expect(stagedFiles()).not.toContain(row.uploadId)
    expect(existsSync(originalPath(announced.media_id))).toBe(false)
  })

  it('refuses a video announced as a photo', async () => {
    const fakeMp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(200)])
    const { media: announced } = await announce(creator, fakeMp4, 'image/jpeg')
    expect((await tusClient(baseUrl, creator.token).upload(announced.media_id, fakeMp4)).status).toBe(415)
  })

  it('refuses a pixel bomb fast with 413 and fails the media', async () => {
    const bomb = pixelBombPng(30_000)
    expect(bomb.length).toBeLessThan(1024)
    const { media: announced } = await announce(creator, bomb, 'image/png')
    const done = await tusClient(baseUrl, creator.token).upload(announced.media_id, bomb)
    expect(done.status).toBe(413)
    expect(JSON.parse(done.body).error.code).toBe(ErrorCodes.PayloadTooLarge.code)
    expect(await mediaRow(t, announced.media_id)).toMatchObject({
      state: MediaState.Failed,
      error: MediaFailure.tooManyPixels,
    })
  })

  it('refuses bytes whose md5 is not the announced one', async () => {
    const bytes = await freshPhoto()
    const res = await prepare(t, creator.token, bytes, 'image/png', { md5: 'f'.repeat(32) })
    const mediaId: number = res.body.data.media.media_id
    const done = await tusClient(baseUrl, creator.token).upload(mediaId, bytes)
    expect(done.status).toBe(409)
    expect(JSON.parse(done.body).error.code).toBe(ErrorCodes.UploadMismatch.code)
    expect((await mediaRow(t, mediaId)).state).toBe(MediaState.Failed)
  })

  it('keeps the offset where the bytes really ended after a wrong offset or a body cut short, then resumes', async () => {
    const bytes = await jpegWithGps(800, 600)
    const { media: announced } = await announce(creator, bytes, 'image/jpeg')
    const client = tusClient(baseUrl, creator.token)
    const created = await client.create(announced.media_id, bytes.length)
    const url = created.url ?? ''
    const first = await client.patch(url, 0, bytes.subarray(0, 1000))
    expect(first).toMatchObject({ status: 204, offset: 1000 })

    // A chunk claiming the wrong offset changes nothing.
    expect((await client.patch(url, 500, bytes.subarray(500, 2000))).status).toBe(409)
    expect((await client.head(url)).offset).toBe(1000)

    // A chunk announced as 4000 bytes whose connection drops after 1500.
    await new Promise<void>((resolve) => {
      const target = new URL(url)
      const req = request({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${creator.token}`,
          'upload-offset': '1000',
          'content-type': 'application/offset+octet-stream',
          'content-length': '4000',
        },
      })
      req.on('error', () => resolve())
      req.on('close', () => resolve())
      req.write(bytes.subarray(1000, 2500), () => setTimeout(() => req.destroy(), 200))
    })
    let head = await client.head(url)
    for (let i = 0; i < 20 && head.offset !== 2500; i++) {
      // The server notices the dropped connection and releases the upload's lock shortly after.
      await new Promise((resolve) => setTimeout(resolve, 100))
      head = await client.head(url)
    }
    expect(head.offset).toBe(2500)

    const rest = await client.patch(url, 2500, bytes.subarray(2500))
    expect(rest).toMatchObject({ status: 204, offset: bytes.length })
    expect(readFileSync(originalPath(announced.media_id))).toEqual(bytes)
    expect((await mediaRow(t, announced.media_id)).state).toBe(MediaState.Processing)
  })

  it('resumes an interrupted upload with tus-js-client: HEAD gives the offset, the finished file matches', async () => {
    const bytes = await jpegWithGps(1200, 900)
    expect(bytes.length).toBeGreaterThan(20_000)
    const { media: announced } = await announce(creator, bytes, 'image/jpeg')
    const options = {
      endpoint: `${baseUrl}/fapi/upload/`,
      headers: { authorization: `Bearer ${creator.token}` },
      metadata: { media_id: String(announced.media_id) },
      chunkSize: 4096,
      retryDelays: [],
    }
    const interrupted = new Upload(bytes, options)
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      interrupted.options.onChunkComplete = (_chunk, sent) => {
        if (sent >= 8192 && interrupted.url) {
          const url = interrupted.url
          void interrupted.abort().then(() => resolve(url))
        }
      }
      interrupted.options.onError = reject
      interrupted.start()
    })
    const offset = (await tusClient(baseUrl, creator.token).head(uploadUrl)).offset
    expect(offset).toBeGreaterThanOrEqual(8192)
    expect(offset).toBeLessThan(bytes.length)

    const resumedFrom: number[] = []
    await new Promise<void>((resolve, reject) => {
      const resumed = new Upload(bytes, {
        ...options,
        uploadUrl,
        onProgress: (sent) => resumedFrom.push(sent),
        onSuccess: () => resolve(),
        onError: reject,
      })
      resumed.start()
    })
    // It went on from the server's offset, never from the start.
    expect(Math.min(...resumedFrom)).toBeGreaterThanOrEqual(offset)
    expect(md5Of(readFileSync(originalPath(announced.media_id)))).toBe(md5Of(bytes))
    expect((await mediaRow(t, announced.media_id)).state).toBe(MediaState.Processing)
  })
})

describe('the upload endpoint across origins (CORS)', () => {
  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, tus-resumable, upload-offset, content-type',
      },
    })

  it("answers preflights for PUBLIC_URL's origin, never for any origin", async () => {
    for (const url of [UPLOAD_ENDPOINT, `${UPLOAD_ENDPOINT}some-upload-token`]) {
      const own = await preflight(url, APP_ORIGIN)
      expect(own.statusCode).toBe(204)
      expect(own.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
      expect(String(own.headers['access-control-allow-methods'])).toContain('PATCH')
      expect(String(own.headers['access-control-allow-headers'])).toContain('Upload-Offset')

      const foreign = await preflight(url, 'https://elsewhere.example')
      expect(foreign.headers['access-control-allow-origin']).not.toBe('*')
      expect(foreign.headers['access-control-allow-origin']).not.toBe('https://elsewhere.example')
    }
  })

  it('names only that origin on the upload requests themselves', async () => {
    const bytes = await freshPhoto()
    const { media: announced } = await announce(creator, bytes)
    const res = await fetch(`${baseUrl}${UPLOAD_ENDPOINT}`, {
      method: 'POST',
      headers: {
        origin: 'https://elsewhere.example',
        authorization: `Bearer ${creator.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `media_id ${Buffer.from(String(announced.media_id)).toString('base64')}`,
      },
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
  })
})
