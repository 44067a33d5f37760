import { MEDIA_URL_PREFIX, MediaState } from '@velvet/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { isStorageKey, type Storage, StorageMissingError } from '../../platform/storage.ts'
import type { MediaRepo } from './repo.ts'
import type { MediaFiles } from './schema.ts'
import { fileNameOf, type MediaGrant, type MediaSigner } from './urls.ts'

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
}

function contentTypeOf(file: string): string {
  return contentTypes[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

/** The storage key of `file` when it is one of the media's processed renditions (never the original). */
export function servedKey(files: MediaFiles, file: string): string | null {
  const keys = [
    ...files.images.flatMap((image) => [image.webp, image.jpeg]),
    ...(files.mp4 ? [files.mp4] : []),
    ...(files.hls ? [files.hls.playlist, ...files.hls.segments] : []),
  ]
  return keys.find((key) => fileNameOf(key) === file) ?? null
}

/**
 * One byte range of a Range header (RFC 9110 §14.1.2) for a file of `size` bytes: the range, 'unsatisfiable'
 * (answer 416), or null to answer the whole file (no header, several ranges, or an invalid one).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Number(last)
  if (last !== '' && end < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(end, size - 1) }
}

interface GrantQuery {
  v?: string
  e?: string
  s?: string
}

const digits = /^\d{1,15}$/

function grantOf(params: { mediaId: string; file: string }, query: GrantQuery): MediaGrant | null {
  if (!digits.test(params.mediaId) || !digits.test(query.v ?? '') || !digits.test(query.e ?? '')) return null
  return {
    mediaId: Number(params.mediaId),
    file: params.file,
    viewerId: Number(query.v),
    expires: Number(query.e),
  }
}

export interface ServeDeps {
  repo: MediaRepo
  storage: Storage
  signer: MediaSigner
}

/**
 * GET /fapi/media/{media_id}/{file}?v&e&s: processed renditions through signed URLs only (DESIGN §5). Not
 * request-signed (an <img> or <video> cannot sign); the URL's own HMAC binds media, file, viewer and expiry,
 * and a request that carries a session must be that viewer's. Private, never cached, byte ranges for video.
 * The HLS playlist comes back with every segment signed for the same viewer, from the playlist request on.
 */
export function registerMediaServing(app: FastifyInstance, { repo, storage, signer }: ServeDeps): void {
  async function sendPlaylist(reply: FastifyReply, key: string, grant: MediaGrant) {
    const chunks: Buffer[] = []
    for await (const chunk of await storage.read(key)) chunks.push(Buffer.from(chunk as Uint8Array))
    const text = Buffer.concat(chunks).toString('utf8')
    return reply.type(contentTypeOf(key)).send(signer.playlist(text, grant.mediaId, grant.viewerId))
  }

  app.get<{ Params: { mediaId: string; file: string }; Querystring: GrantQuery }>(
    `${MEDIA_URL_PREFIX}:mediaId/:file`,
    // A feed page loads many renditions and a video many segments: a wider budget than API calls.
    { config: { rateLimit: { max: 3000, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const grant = grantOf(req.params, req.query)
      if (!grant || !signer.verify(grant, req.query.s ?? '')) throw new AppError('MediaUrlInvalid')
      // <img> sends no Authorization header; a request that does (fetch, hls.js) must be the same viewer.
      if (req.headers.authorization !== undefined && req.viewer?.userId !== grant.viewerId) {
        throw new AppError('MediaUrlInvalid')
      }
      const row = await repo.findById(grant.mediaId)
      const key = row?.state === MediaState.Ready && row.files ? servedKey(row.files, grant.file) : null
      if (!row || !key) throw new AppError('MediaNotFound')

      reply.header('cache-control', 'private, no-store')
      if (row.files?.hls?.playlist === key) return sendPlaylist(reply, key, grant)

      const info = await storage.stat(key)
      if (!info) throw new AppError('MediaNotFound')
      reply.header('accept-ranges', 'bytes').type(contentTypeOf(key))
      const range = parseRange(req.headers.range, info.size)
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${info.size}`).send()
      }
      try {
        if (range) {
          const body = await storage.read(key, range)
          return reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
            .header('content-length', String(range.end - range.start + 1))
            .send(body)
        }
        const body = await storage.read(key)
        return reply.header('content-length', String(info.size)).send(body)
      } catch (error) {
        if (error instanceof StorageMissingError) throw new AppError('MediaNotFound')
        throw error
      }
    },
  )
}

/**
 * Portraits and other public keys made by `Storage.put`, served from the bucket when media live in S3 (on
 * local disk the app's static folder serves them under the same URL).
 */
export function registerPublicFromStorage(app: FastifyInstance, storage: Storage): void {
  app.get<{ Params: { file: string } }>('/media/portraits/:file', async (req, reply) => {
    const key = `portraits/${req.params.file}`
    if (!isStorageKey(key)) throw new AppError('NotFound')
    try {
      const body = await storage.read(key)
      return reply.type(contentTypeOf(key)).header('cache-control', 'public, max-age=86400').send(body)
    } catch (error) {
      if (error instanceof StorageMissingError) throw new AppError('NotFound')
      throw error
    }
  })
}
