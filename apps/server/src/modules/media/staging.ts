import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import type { DataStore } from '@tus/server'
import type { S3Config } from '../../platform/config.ts'
import type { ByteRange, Storage } from '../../platform/storage.ts'

/**
 * Where resumable uploads gather their bytes until they are complete and checked: a folder on local disk
 * (DATA_DIR/uploads) by default, the bucket itself (multipart uploads under `uploads/`) with S3, so that any
 * server process can take the next chunk. Upload ids are what the datastore knows; the URL shows `token`.
 */
export interface UploadStaging {
  readonly datastore: DataStore
  /** A new upload id. */
  newId(): string
  /** The upload id a URL's last segment stands for (null when it cannot be one). */
  idFromToken(token: string): string | null
  /** The last URL segment of an upload id. */
  tokenOf(id: string): string
  /** Bytes of the received file. */
  read(id: string, range: ByteRange): Promise<Readable>
  /** Moves the complete file to `key` in storage; the staged upload is gone afterwards. */
  commit(id: string, key: string): Promise<void>
  /** Removes whatever is staged for the upload (a missing upload is fine). */
  discard(id: string): Promise<void>
}

const tokenPattern = /^[a-f0-9]{32}$/
const newToken = () => randomBytes(16).toString('hex')

export function createDiskStaging(options: {
  directory: string
  storage: Storage
  expirationMs: number
}): UploadStaging {
  const datastore = new FileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: options.expirationMs,
  })
  const fileOf = (id: string) => {
    if (!tokenPattern.test(id)) throw new Error(`not an upload id: ${id}`)
    return path.join(options.directory, id)
  }
  return {
    datastore,
    newId: newToken,
    idFromToken: (token) => (tokenPattern.test(token) ? token : null),
    tokenOf: (id) => id,
    async read(id, range) {
      return createReadStream(fileOf(id), { start: range.start, end: range.end })
    },
    async commit(id, key) {
      await options.storage.putFile(key, fileOf(id), { consume: true })
      await datastore.configstore.delete(id)
    },
    async discard(id) {
      await rm(fileOf(id), { force: true })
      await datastore.configstore.delete(id)
    },
  }
}

const s3Prefix = 'uploads/'

export function createS3Staging(options: {
  s3: S3Config
  storage: Storage
  expirationMs: number
}): UploadStaging {
  const { s3 } = options
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: options.expirationMs,
    // Expiry by listing multipart uploads, not object tags: several S3-compatible stores have no tagging.
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      ...(s3.accessKeyId && s3.secretAccessKey
        ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
        : {}),
    },
  })
  const tokenOf = (id: string) => id.slice(s3Prefix.length)
  return {
    datastore,
    newId: () => `${s3Prefix}${newToken()}`,
    idFromToken: (token) => (tokenPattern.test(token) ? `${s3Prefix}${token}` : null),
    tokenOf,
    read: (id, range) => options.storage.read(id, range),
    async commit(id, key) {
      await options.storage.move(id, key)
      await options.storage.remove(`${id}.info`)
    },
    async discard(id) {
      // The store aborts an unfinished multipart upload and removes its objects; a finished one has none.
      await datastore.remove(id).catch(() => undefined)
      for (const key of [id, `${id}.info`, `${id}.part`]) await options.storage.remove(key)
    },
  }
}

export function createStaging(options: {
  s3: S3Config | undefined
  dataDir: string
  storage: Storage
  expirationMs: number
}): UploadStaging {
  return options.s3
    ? createS3Staging({ s3: options.s3, storage: options.storage, expirationMs: options.expirationMs })
    : createDiskStaging({
        directory: path.join(options.dataDir, 'uploads'),
        storage: options.storage,
        expirationMs: options.expirationMs,
      })
}
