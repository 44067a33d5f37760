import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * A push service on loopback speaking RFC 8030: it records each POST and answers `status` (201 by
 * default; set 410 to play a subscription that expired).
 */
export async function startPushEndpoint() {
  const received: ReceivedPush[] = []
  const state = { status: 201 }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(state.status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    received,
    state,
    /** A browser-like subscription with its own keys; `decrypt` opens what the server sent to it. */
    subscription(name = randomBytes(6).toString('hex')) {
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const authSecret = randomBytes(16)
      const json = {
        endpoint: `${base}/push/${name}`,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
      }
      return {
        json,
        installationId: JSON.stringify(json),
        path: `/push/${name}`,
        decrypt: (body: Buffer) => decryptAes128gcm(body, ecdh, publicKey, authSecret),
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** RFC 8291 (Message Encryption for Web Push) on the receiving side, aes128gcm content coding of RFC 8188. */
function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  uaPublic: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  const asPublic = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  if (ciphertext.length > recordSize) throw new Error('more than one record')

  const ecdhSecret = ecdh.computeSecret(asPublic)
  const prkKey = hmac(authSecret, ecdhSecret)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])])
  const ikm = hmac(prkKey, keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('bad padding delimiter')
  return padded.subarray(0, end).toString('utf8')
}
