import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_S3 = {
  accessKeyId: 'AKIAVELVETTEST000001',
  secretAccessKey: 'velvet-test-secret-key-0000000000000000',
  region: 'us-east-1',
  bucket: 'velvet-media',
}

interface StoredObject {
  body: Buffer
  contentType: string
  metadata: Record<string, string>
}

interface MultipartUpload {
  key: string
  metadata: Record<string, string>
  parts: Map<number, Buffer>
}

export interface S3Request {
  method: string
  path: string
  query: string
  /** The SigV4 Authorization header was well formed and its signature verified. */
  signed: boolean
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()
const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`
const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const authPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([a-f0-9]{64})$/

/**
 * Verifies a request's SigV4 Authorization header the way S3 does (canonical request, string to sign, key
 * derivation); the payload is taken as the x-amz-content-sha256 header says (checked when it is a hash).
 */
function verifySigV4(req: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer): string | null {
  const match = authPattern.exec(req.headers.authorization ?? '')
  if (!match) return 'malformed Authorization header'
  const [, accessKey, date, region, signedHeaderList, signature] = match as unknown as string[]
  if (accessKey !== FAKE_S3.accessKeyId) return 'unknown access key'
  const amzDate = String(req.headers['x-amz-date'] ?? '')
  if (!amzDate.startsWith(date ?? '-')) return 'x-amz-date does not match the credential scope'
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
  if (/^[a-f0-9]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) return 'payload hash mismatch'
  const signedHeaders = (signedHeaderList ?? '').split(';')
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) return 'host/date unsigned'

  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=')
      return [rfc3986(decodeURIComponent(k)), rfc3986(decodeURIComponent(v.replace(/\+/g, ' ')))] as const
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  const headers = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('')
  const canonical = [req.method, rawPath, query, headers, signedHeaderList, payloadHash].join('\n')
  const scope = `${date}/${region}/s3/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
  let key: Buffer = hmac(`AWS4${FAKE_S3.secretAccessKey}`, date ?? '')
  for (const part of [region ?? '', 's3', 'aws4_request']) key = hmac(key, part)
  const expected = createHmac('sha256', key).update(toSign).digest('hex')
  return expected === signature ? null : 'signature does not match'
}

/**
 * A small S3 speaking server for tests on loopback: the object calls the storage adapter and @tus/s3-store
 * make (put, get with Range, head, delete, copy, list, multipart), path-style, with SigV4 verified.
 */
export async function startFakeS3() {
  const objects = new Map<string, StoredObject>()
  const uploads = new Map<string, MultipartUpload>()
  const requests: S3Request[] = []

  const send = (res: ServerResponse, status: number, xml?: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(xml ? { 'content-type': 'application/xml' } : {}), ...headers })
    res.end(xml ? `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` : undefined)
  }
  const error = (res: ServerResponse, status: number, code: string, method: string) =>
    // HEAD answers carry no body: the SDK reads the status alone.
    method === 'HEAD'
      ? send(res, status)
      : send(res, status, `<Error><Code>${code}</Code><Message>${code}</Message></Error>`)
  const metadataOf = (req: IncomingMessage) =>
    Object.fromEntries(
      Object.entries(req.headers)
        .filter(([name]) => name.startsWith('x-amz-meta-'))
        .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
    )
  const objectHeaders = (object: StoredObject) => ({
    'content-type': object.contentType,
    etag: etagOf(object.body),
    'last-modified': new Date().toUTCString(),
    'accept-ranges': 'bytes',
    ...Object.fromEntries(Object.entries(object.metadata).map(([k, v]) => [`x-amz-meta-${k}`, v])),
  })

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = req.url ?? '/'
    const cut = url.indexOf('?')
    const rawPath = cut === -1 ? url : url.slice(0, cut)
    const rawQuery = cut === -1 ? '' : url.slice(cut + 1)
    const method = req.method ?? 'GET'
    const problem = verifySigV4(req, rawPath, rawQuery, body)
    requests.push({ method, path: rawPath, query: rawQuery, signed: problem === null })
    if (problem) return error(res, 403, 'SignatureDoesNotMatch', method)

    const params = new URLSearchParams(rawQuery)
    const [, bucket = '', ...keyParts] = rawPath.split('/')
    const key = keyParts.map(decodeURIComponent).join('/')
    if (bucket !== FAKE_S3.bucket) return error(res, 404, 'NoSuchBucket', method)

    if (!key) {
      if (method === 'GET' && params.has('uploads')) {
        return send(
          res,
          200,
          `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`,
        )
      }
      if (method === 'GET') {
        const prefix = params.get('prefix') ?? ''
        const found = [...objects.entries()]
          .filter(([k]) => k.startsWith(prefix))
          .sort(([a], [b]) => (a < b ? -1 : 1))
        const contents = found
          .map(
            ([k, o]) =>
              `<Contents><Key>${xmlEscape(k)}</Key><Size>${o.body.length}</Size><ETag>${xmlEscape(etagOf(o.body))}</ETag><LastModified>${new Date().toISOString()}</LastModified></Contents>`,
          )
          .join('')
        return send(
          res,
          200,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${found.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        )
      }
      if (method === 'POST' && params.has('delete')) {
        const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '')
        for (const k of keys) objects.delete(k)
        const deleted = keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('')
        return send(res, 200, `<DeleteResult>${deleted}</DeleteResult>`)
      }
      return error(res, 400, 'NotImplemented', method)
    }

    const uploadId = params.get('uploadId')
    if (method === 'POST' && params.has('uploads')) {
      const id = randomBytes(8).toString('hex')
      uploads.set(id, { key, metadata: metadataOf(req), parts: new Map() })
      return send(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      )
    }
    if (uploadId !== null) {
      const upload = uploads.get(uploadId)
      if (!upload || upload.key !== key) return error(res, 404, 'NoSuchUpload', method)
      if (method === 'PUT') {
        upload.parts.set(Number(params.get('partNumber')), body)
        return send(res, 200, undefined, { etag: etagOf(body) })
      }
      if (method === 'GET') {
        const parts = [...upload.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(
            ([n, b]) =>
              `<Part><PartNumber>${n}</PartNumber><ETag>${xmlEscape(etagOf(b))}</ETag><Size>${b.length}</Size></Part>`,
          )
          .join('')
        return send(
          res,
          200,
          `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        )
      }
      if (method === 'POST') {
        const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
          Number(m[1]),
        )
        const joined = Buffer.concat(numbers.map((n) => upload.parts.get(n) ?? Buffer.alloc(0)))
        objects.set(key, { body: joined, contentType: 'application/octet-stream', metadata: upload.metadata })
        uploads.delete(uploadId)
        return send(
          res,
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etagOf(joined))}</ETag></CompleteMultipartUploadResult>`,
        )
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId)
        return send(res, 204)
      }
    }
    if (params.has('tagging')) return send(res, 200)

    if (method === 'PUT') {
      const copySource = req.headers['x-amz-copy-source']
      if (typeof copySource === 'string') {
        const sourceKey = decodeURIComponent(copySource).replace(/^\/?[^/]+\//, '')
        const source = objects.get(sourceKey)
        if (!source) return error(res, 404, 'NoSuchKey', method)
        objects.set(key, { ...source })
        return send(
          res,
          200,
          `<CopyObjectResult><ETag>${xmlEscape(etagOf(source.body))}</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`,
        )
      }
      const contentType = String(req.headers['content-type'] ?? 'application/octet-stream')
      objects.set(key, { body, contentType, metadata: metadataOf(req) })
      return send(res, 200, undefined, { etag: etagOf(body) })
    }
    if (method === 'DELETE') {
      objects.delete(key)
      return send(res, 204)
    }
    const object = objects.get(key)
    if (!object) return error(res, 404, 'NoSuchKey', method)
    if (method === 'HEAD') {
      return send(res, 200, undefined, {
        ...objectHeaders(object),
        'content-length': String(object.body.length),
      })
    }
    if (method === 'GET') {
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''))
      if (range) {
        const start = Number(range[1])
        const end = Math.min(range[2] ? Number(range[2]) : object.body.length - 1, object.body.length - 1)
        if (start > end) return error(res, 416, 'InvalidRange', method)
        const slice = object.body.subarray(start, end + 1)
        res.writeHead(206, {
          ...objectHeaders(object),
          'content-length': String(slice.length),
          'content-range': `bytes ${start}-${end}/${object.body.length}`,
        })
        return res.end(slice)
      }
      res.writeHead(200, { ...objectHeaders(object), 'content-length': String(object.body.length) })
      return res.end(object.body)
    }
    return error(res, 405, 'MethodNotAllowed', method)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    objects,
    requests,
    /** The environment that points the app's storage at this server. */
    env: {
      S3_BUCKET: FAKE_S3.bucket,
      S3_REGION: FAKE_S3.region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: FAKE_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>
