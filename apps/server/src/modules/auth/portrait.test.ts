import { ErrorCodes, signingKey, signRequest, uploadPortrait } from '@velvet/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeGuest, uniqueEmail } from '../../test/factories.ts'
import { startTestApp, TEST_CLIENT_KEY, type TestApp } from '../../test/harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

/** Multipart upload signed the way the web client signs it: ts and sign in the query string. */
async function upload(token: string, bytes: Buffer, filename = 'me.jpg', type = 'image/jpeg') {
  const ts = Math.floor(t.clock.now().getTime() / 1000)
  const sign = await signRequest(signingKey(TEST_CLIENT_KEY, token), 'POST', uploadPortrait.path, { ts })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename)
  const request = new Request('http://local/', { method: 'POST', body: form })
  const res = await t.app.inject({
    method: 'POST',
    url: `${uploadPortrait.path}?ts=${ts}&sign=${sign}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
  })
  return { status: res.statusCode, body: res.json() }
}

async function photoWithGps() {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 40, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Artist: 'Jane Doe' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
    })
    .toBuffer()
}

describe('profile picture', () => {
  it('crops to a 512 px square, re-encodes and drops EXIF/GPS', async () => {
    const original = await photoWithGps()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const session = await loginByEmail(t, uniqueEmail())
    const res = await upload(session.ptoken, original)
    expect(res.status).toBe(200)
    const url: string = res.body.data.user.portrait
    expect(url).toMatch(/^\/media\/portraits\/[a-f0-9]{32}\.webp$/)

    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 })
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false)
  })

  it('rejects a file that is not an image, whatever its name says', async () => {
    const session = await loginByEmail(t, uniqueEmail())
    const res = await upload(session.ptoken, Buffer.from('<?php echo 1; ?>'), 'photo.jpg')
    expect(res.status).toBe(415)
    expect(res.body.error.code).toBe(ErrorCodes.UnsupportedMedia.code)
  })

  it('rejects a file over the size limit', async () => {
    const session = await loginByEmail(t, uniqueEmail())
    const res = await upload(session.ptoken, Buffer.alloc(11 * 1024 * 1024, 1))
    expect(res.status).toBe(413)
    expect(res.body.error.code).toBe(ErrorCodes.PayloadTooLarge.code)
  })

  it('is refused to anonymous guests', async () => {
    const guest = await makeGuest(t)
    const res = await upload(guest.token, await photoWithGps())
    expect(res.status).toBe(403)
  })
})
