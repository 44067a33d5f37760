import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { Metadata, Server as TusServer } from '@tus/server'
import {
  ErrorCodes,
  type ErrorName,
  Media,
  MediaFailure,
  MediaState,
  md5Plan,
  UPLOAD_ENDPOINT,
} from '@velvet/contract'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import { AppError } from '../../platform/errors.ts'
import type { JobSender } from '../../platform/jobs.ts'
import type { ByteRange } from '../../platform/storage.ts'
import { SNIFF_BYTES, sniffMediaType } from './magic.ts'
import { assertCanUpload } from './policy.ts'
import { mediaProcessJob } from './queues.ts'
import type { MediaRepo, MediaRow } from './repo.ts'
import type { UploadStaging } from './staging.ts'

/** Storage key of an upload's original bytes (kept for re-processing; never served to anyone). */
export function originalKey(mediaId: number): string {
  return `${mediaFolder(mediaId)}/original`
}

export function mediaFolder(mediaId: number): string {
  return `items/${mediaId}`
}

/** Bytes read at the end of an upload to check its type and, for images, the declared pixel count. */
const headerBytes = 512 * 1024

/** An error the tus server answers with: our envelope as the body, the code's HTTP status. */
interface TusError {
  status_code: number
  body: string
}

function tusError(name: ErrorName, message?: string): TusError {
  const entry = ErrorCodes[name]
  const body = { result: 'error', error: { code: entry.code, message: message ?? entry.message } }
  return { status_code: entry.status, body: JSON.stringify(body) }
}

function isTusError(value: unknown): value is TusError {
  return typeof value === 'object' && value !== null && 'status_code' in value && 'body' in value
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/**
 * Bytes received for a media, not yet in storage: a finished resumable upload, or a file the server made
 * itself (demo content). Both go through the same intake.
 */
export interface ReceivedFile {
  read(range: ByteRange): Promise<Readable>
  /** Moves the bytes to `key` in storage; they are gone from where they were. */
  commit(key: string): Promise<void>
  /** Drops the bytes (a refused file). */
  discard(): Promise<void>
}

/** A finished tus upload in the staging store. */
function stagedFile(staging: UploadStaging, uploadId: string): ReceivedFile {
  return {
    read: (range) => staging.read(uploadId, range),
    commit: (key) => staging.commit(uploadId, key),
    discard: () => staging.discard(uploadId),
  }
}

/** spec §5's md5 of received bytes, over the same ranges the browser hashes. */
export async function md5OfReceived(file: Pick<ReceivedFile, 'read'>, size: number): Promise<string> {
  const hash = createHash('md5')
  for (const [start, end] of md5Plan(size).ranges) {
    if (end <= start) continue
    for await (const chunk of await file.read({ start, end: end - 1 })) {
      hash.update(chunk as Uint8Array)
    }
  }
  return hash.digest('hex')
}

/** Width × height an image's header declares (cheap: no pixel is decoded), or null when unreadable. */
async function declaredPixels(head: Buffer): Promise<number | null> {
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata()
    return meta.width && meta.height ? meta.width * meta.height : null
  } catch {
    return null
  }
}

function mediaIdOf(metadata: Record<string, string | null> | undefined): number | null {
  const id = Number(metadata?.media_id)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** A refusal of received bytes: the media has failed with `message` and the bytes are gone. */
export class IntakeRefusedError extends Error {
  readonly reason: ErrorName

  constructor(reason: ErrorName, message: string) {
    super(message)
    this.name = 'IntakeRefusedError'
    this.reason = reason
  }
}

export interface IntakeDeps {
  repo: MediaRepo
  jobs: JobSender
  log: FastifyBaseLogger
}

/**
 * The end of every upload: checks the received bytes (type by magic bytes, declared pixels, md5), moves them
 * into storage as the original and, in one transaction, marks the media processing and queues its job.
 */
export function createIntake({ repo, jobs, log }: IntakeDeps) {
  /** Fails the media, drops its bytes and throws the refusal. */
  async function refuse(mediaId: number, file: ReceivedFile, name: ErrorName, text: string): Promise<never> {
    await repo.fail(mediaId, text, [MediaState.Uploading])
    await file.discard()
    log.info({ mediaId, reason: name }, 'upload refused')
    throw new IntakeRefusedError(name, text)
  }

  /** Accepts the bytes of an uploading media `row`; throws IntakeRefusedError when they are not acceptable. */
  async function accept(row: MediaRow, file: ReceivedFile): Promise<void> {
    const mediaId = row.id
    const head = await readAll(await file.read({ start: 0, end: Math.min(row.size, headerBytes) - 1 }))
    const sniffed = sniffMediaType(head.subarray(0, SNIFF_BYTES))
    if (!sniffed || sniffed.kind !== row.kind) {
      return refuse(mediaId, file, 'UnsupportedMedia', MediaFailure.notAccepted)
    }
    if (sniffed.mime === 'image/heic') {
      return refuse(mediaId, file, 'UnsupportedMedia', MediaFailure.heicUnsupported)
    }
    if (sniffed.kind === 'image') {
      // A decompression bomb declares its size up front: refuse it before anything decodes it.
      const pixels = await declaredPixels(head)
      if (pixels !== null && pixels > Media.imageMaxPixels) {
        return refuse(mediaId, file, 'PayloadTooLarge', MediaFailure.tooManyPixels)
      }
    }
    if ((await md5OfReceived(file, row.size)) !== row.md5) {
      return refuse(mediaId, file, 'UploadMismatch', MediaFailure.mismatch)
    }
    await file.commit(originalKey(mediaId))
    // Queue set-up happens outside the transaction (on PGlite it holds the only connection).
    await jobs.prepare(mediaProcessJob)
    await repo.transaction(async (tx) => {
      if (await repo.startProcessing(tx, mediaId, sniffed.mime)) {
        await jobs.send(mediaProcessJob, { media_id: mediaId }, { tx })
      }
    })
  }

  return { accept }
}

export type Intake = ReturnType<typeof createIntake>

export interface UploadDeps {
  repo: MediaRepo
  staging: UploadStaging
  intake: Intake
  log: FastifyBaseLogger
  /** PUBLIC_URL: the only origin whose pages may call the endpoint from a browser (CORS). */
  publicUrl: string
}

/**
 * The resumable upload endpoint (tus 1.0.0, @tus/server) at UPLOAD_ENDPOINT. The session's bearer token
 * authenticates each request (they are exempt from request signing); creation names an uploading media of
 * the viewer's in Upload-Metadata (`media_id`) with exactly its announced size. The last chunk's request
 * hands the bytes to the intake (checks, storage, processing job).
 */
export function createUploads({ repo, staging, intake, log, publicUrl }: UploadDeps) {
  async function finish(mediaId: number, uploadId: string): Promise<void> {
    const row = await repo.findById(mediaId)
    if (!row || row.state !== MediaState.Uploading || row.uploadId !== uploadId) {
      throw tusError('UploadMismatch', MediaFailure.mismatch)
    }
    try {
      await intake.accept(row, stagedFile(staging, uploadId))
    } catch (error) {
      if (error instanceof IntakeRefusedError) throw tusError(error.reason, error.message)
      throw error
    }
  }

  const tus = new TusServer({
    path: UPLOAD_ENDPOINT.replace(/\/$/, ''),
    datastore: staging.datastore,
    maxSize: Media.videoMaxBytes,
    // The app's own origin only: without it @tus/server answers every origin (preflights included) with
    // Access-Control-Allow-Origin: *. Other origins get this one back, which their browser refuses.
    allowedOrigins: [new URL(publicUrl).origin],
    namingFunction: () => staging.newId(),
    generateUrl: (_req, { path, id }) => `${path}/${staging.tokenOf(id)}`,
    getFileIdFromRequest: (_req, last) => (last ? (staging.idFromToken(last) ?? undefined) : undefined),
    async onUploadCreate(_req, upload) {
      const mediaId = mediaIdOf(upload.metadata)
      const previous = mediaId ? (await repo.findById(mediaId))?.uploadId : null
      if (!mediaId || !(await repo.bindUpload(mediaId, upload.id))) {
        throw tusError('UploadMismatch', MediaFailure.alreadyUploaded)
      }
      // The same media uploaded afresh (the browser lost the old upload's URL): the old bytes go.
      if (previous && previous !== upload.id) await staging.discard(previous)
      return { metadata: upload.metadata }
    },
    async onUploadFinish(_req, upload) {
      const mediaId = mediaIdOf(upload.metadata)
      if (!mediaId) throw tusError('UploadMismatch')
      await finish(mediaId, upload.id)
      return {}
    },
    onResponseError(_req, error) {
      if (isTusError(error)) return undefined
      log.error({ err: error }, 'upload failed')
      return tusError('Generic')
    },
  })

  /** Who may touch this upload request: the creator whose media it is (checked before tus reads a byte). */
  async function authorize(req: FastifyRequest, token: string | undefined): Promise<void> {
    const viewer = req.viewer
    if (!viewer) throw new AppError('NotLoggedIn')
    assertCanUpload(viewer)
    if (req.method === 'POST') {
      let metadata: Record<string, string | null> | undefined
      const header = req.headers['upload-metadata']
      try {
        metadata = Metadata.parse(typeof header === 'string' ? header : undefined)
      } catch {
        throw new AppError('ValidationFailed', { message: MediaFailure.metadataMissing })
      }
      const mediaId = mediaIdOf(metadata)
      const row = mediaId ? await repo.findById(mediaId) : undefined
      if (!row || row.ownerId !== viewer.userId) throw new AppError('MediaNotFound')
      if (row.state !== MediaState.Uploading) {
        throw new AppError('UploadMismatch', { message: MediaFailure.alreadyUploaded })
      }
      if (Number(req.headers['upload-length']) !== row.size) throw new AppError('UploadMismatch')
      return
    }
    const uploadId = token ? staging.idFromToken(token) : null
    const row = uploadId ? await repo.findByUploadId(uploadId) : undefined
    if (!row || row.ownerId !== viewer.userId) throw new AppError('MediaNotFound')
  }

  /** Mounts the endpoint: Fastify authenticates, then tus reads the raw request itself. */
  async function register(app: FastifyInstance): Promise<void> {
    await app.register(async (scope) => {
      // Chunks stay unread until tus streams them to the staging store.
      scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null))
      const handler = async (req: FastifyRequest<{ Params: { token?: string } }>, reply: FastifyReply) => {
        if (req.method !== 'OPTIONS') await authorize(req, req.params.token)
        reply.hijack()
        await tus.handle(req.raw, reply.raw)
      }
      scope.route({ method: ['POST', 'OPTIONS'], url: UPLOAD_ENDPOINT, handler })
      scope.route({
        method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        url: `${UPLOAD_ENDPOINT}:token`,
        handler,
      })
    })
  }

  return {
    register,
    /** Removes staged uploads past their expiry that no media points at any more. */
    cleanUpExpired: () => tus.cleanUpExpiredUploads(),
  }
}

export type Uploads = ReturnType<typeof createUploads>
