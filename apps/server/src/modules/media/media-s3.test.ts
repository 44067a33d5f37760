import { ErrorCodes, MediaState } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type FakeS3, startFakeS3 } from '../../test/s3.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { jpegWithGps, md5Of, mediaParts, mediaRow, prepare, tusClient } from '../../test/upload-factories.ts'
import { originalKey } from './upload.ts'

let s3: FakeS3
let t: TestApp
let baseUrl: string
let creator: Account
beforeAll(async () => {
  s3 = await startFakeS3()
  t = await startTestApp(s3.env)
  baseUrl = await t.listen()
  creator = await makeCreator(t)
})
afterAll(async () => {
  await t.close()
  await s3.close()
})

const object = (key: string) => s3.objects.get(key)?.body

describe(`media in an S3 bucket on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('gathers a resumable upload in the bucket, keeps the original there, processes and serves from it', async () => {
    const bytes = await jpegWithGps(900, 700)
    const res = await prepare(t, creator.token, bytes, 'image/jpeg')
    const mediaId: number = res.body.data.media.media_id
    const client = tusClient(baseUrl, creator.token)
    const created = await client.create(mediaId, bytes.length)
    expect(created.status).toBe(201)
    expect(created.url).toMatch(/\/fapi\/upload\/[a-f0-9]{32}$/)
    const url = created.url ?? ''
    // Two chunks: the first stays an incomplete part in the bucket until the rest arrives.
    const half = Math.floor(bytes.length / 2)
    expect(await client.patch(url, 0, bytes.subarray(0, half))).toMatchObject({ status: 204, offset: half })
    expect((await client.head(url)).offset).toBe(half)
    expect(await client.patch(url, half, bytes.subarray(half))).toMatchObject({
      status: 204,
      offset: bytes.length,
    })

    const row = await mediaRow(t, mediaId)
    expect(row.state).toBe(MediaState.Processing)
    expect(object(originalKey(mediaId))).toEqual(bytes)
    expect([...s3.objects.keys()].filter((key) => key.startsWith('uploads/'))).toEqual([])
    expect(s3.requests.every((r) => r.signed)).toBe(true)

    const parts = mediaParts(t, s3.env)
    await parts.processor.process(mediaId)
    const ready = await mediaRow(t, mediaId)
    expect(ready.state).toBe(MediaState.Ready)
    expect(ready.files?.images.map((i) => i.width)).toEqual([480, 700])
    const rendition = ready.files?.images[0]?.webp ?? ''
    expect(object(rendition)?.length).toBeGreaterThan(0)

    const signed = parts.signer.sign(mediaId, 'w480.webp', creator.userId)
    const served = await t.app.inject({ method: 'GET', url: signed, headers: { range: 'bytes=0-9' } })
    expect(served.statusCode).toBe(206)
    expect(served.rawPayload).toEqual(object(rendition)?.subarray(0, 10))
    expect(md5Of(object(originalKey(mediaId)) ?? Buffer.alloc(0))).toBe(md5Of(bytes))
  })

  it('refuses a fake file uploaded to the bucket and drops it', async () => {
    const bytes = Buffer.from('not an image, just text\n'.repeat(40))
    const res = await prepare(t, creator.token, bytes, 'image/jpeg')
    const mediaId: number = res.body.data.media.media_id
    const done = await tusClient(baseUrl, creator.token).upload(mediaId, bytes)
    expect(done.status).toBe(415)
    expect(JSON.parse(done.body).error.code).toBe(ErrorCodes.UnsupportedMedia.code)
    const { uploadId } = await mediaRow(t, mediaId)
    expect(s3.objects.has(uploadId ?? '-')).toBe(false)
    expect(s3.objects.has(originalKey(mediaId))).toBe(false)
  })

  it('serves portraits from the bucket under their usual URL', async () => {
    const parts = mediaParts(t, s3.env)
    const key = await parts.storage.put('portraits', Buffer.from('portrait-bytes'), 'webp')
    expect(s3.objects.has(key)).toBe(true)
    const res = await t.app.inject({ method: 'GET', url: parts.storage.publicUrl(key) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.body).toBe('portrait-bytes')
    expect((await t.app.inject({ method: 'GET', url: '/media/portraits/../secret.json' })).statusCode).toBe(
      404,
    )
  })
})
