import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import type { S3Config } from './config.ts'

/** Bytes `start` to `end` of a file, both included (as in HTTP and S3 `Range: bytes=start-end`). */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where media bytes live: local disk (the embedded default) or an S3-compatible bucket. Keys are relative
 * paths of lower-case segments (`items/42/w480.webp`); the same key names the same file on either store.
 */
export interface Storage {
  readonly kind: 'disk' | 's3'
  /** Stores bytes under a new random key in `folder` and answers the key. */
  put(folder: string, bytes: Buffer, extension: string): Promise<string>
  get(key: string): Promise<Buffer>
  /** The path the app serves a public key from. */
  publicUrl(key: string): string
  /** Stores a local file at `key`; with `consume` the local file is gone afterwards (a rename on disk). */
  putFile(key: string, filePath: string, options?: { consume?: boolean }): Promise<void>
  /** Stores a stream of exactly `length` bytes at `key`. */
  putStream(key: string, body: Readable, length: number): Promise<void>
  /** The file, or a byte range of it, as a stream. Throws StorageMissingError when there is no such key. */
  read(key: string, range?: ByteRange): Promise<Readable>
  /** Size of the file at `key`, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>
  /** Removes a key; a missing key is not an error. */
  remove(key: string): Promise<void>
  /** Every key under `folder` (recursively). */
  list(folder: string): Promise<string[]>
  /** Renames a key (within the store). */
  move(from: string, to: string): Promise<void>
  /** The file's path on this machine when the store is local disk (tools read it in place), else null. */
  localPath(key: string): string | null
}

export class StorageMissingError extends Error {
  constructor(key: string) {
    super(`no such storage key: ${key}`)
    this.name = 'StorageMissingError'
  }
}

const portraitKeyPattern = /^[a-z0-9_-]+\/[a-f0-9]{32}\.[a-z0-9]+$/
const segmentPattern = /^[a-z0-9][a-z0-9_.-]{0,127}$/

/** A key made by `put` (folder/random.ext). */
export function isStorageKey(key: string): boolean {
  return portraitKeyPattern.test(key)
}

/** A relative key of safe segments: no `..`, no absolute path, no hidden file. */
export function isSafeKey(key: string): boolean {
  const segments = key.split('/')
  return segments.length >= 2 && segments.length <= 8 && segments.every((s) => segmentPattern.test(s))
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`)
}

function assertSafeFolder(folder: string): void {
  if (!folder.split('/').every((s) => segmentPattern.test(s))) {
    throw new Error(`invalid storage folder: ${JSON.stringify(folder)}`)
  }
}

function randomKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`
}

/** Media on local disk under `root` (DATA_DIR/media). Writes go through a temporary file and a rename. */
export function createDiskStorage(root: string, publicPrefix = '/media'): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key)
    return path.join(root, key)
  }
  const prepare = async (key: string) => {
    const file = fileOf(key)
    await mkdir(path.dirname(file), { recursive: true })
    return { file, temp: `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp` }
  }
  const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT'

  return {
    kind: 'disk',
    async put(folder, bytes, extension) {
      const key = randomKey(folder, extension)
      const { file, temp } = await prepare(key)
      await writeFile(temp, bytes)
      await rename(temp, file)
      return key
    },
    async get(key) {
      if (!isStorageKey(key)) throw new Error('invalid storage key')
      return readFile(path.join(root, key))
    },
    publicUrl(key) {
      return `${publicPrefix}/${key}`
    },
    async putFile(key, filePath, options = {}) {
      const { file, temp } = await prepare(key)
      if (options.consume) {
        try {
          await rename(filePath, file)
          return
        } catch (error) {
          // Another file system (a staging folder on another volume): copy, then remove the source.
          if ((error as { code?: string }).code !== 'EXDEV') throw error
        }
      }
      await copyFile(filePath, temp)
      await rename(temp, file)
      if (options.consume) await unlink(filePath)
    },
    async putStream(key, body, length) {
      const { file, temp } = await prepare(key)
      await pipeline(body, createWriteStream(temp))
      const written = (await stat(temp)).size
      if (written !== length) {
        await rm(temp, { force: true })
        throw new Error(`stream for ${key} had ${written} bytes, expected ${length}`)
      }
      await rename(temp, file)
    },
    async read(key, range) {
      const file = fileOf(key)
      // Open first so that a missing file rejects here rather than in the middle of a response.
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {})
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve())
        stream.once('error', (error) => reject(isMissing(error) ? new StorageMissingError(key) : error))
      })
      return stream
    },
    async stat(key) {
      try {
        const info = await stat(fileOf(key))
        return info.isFile() ? { size: info.size } : null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true })
    },
    async list(folder) {
      assertSafeFolder(folder)
      try {
        const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true })
        return entries
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          .sort()
      } catch (error) {
        if (isMissing(error)) return []
        throw error
      }
    },
    async move(from, to) {
      const source = fileOf(from)
      const { file } = await prepare(to)
      await rename(source, file)
    },
    localPath(key) {
      return fileOf(key)
    },
  }
}

/** The S3 client of the configuration: any S3-compatible store, signed with SigV4. */
export function createS3Client(config: S3Config): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
  if (config.endpoint) options.endpoint = config.endpoint
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
  }
  return new S3Client(options)
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * Media in an S3-compatible bucket. Public keys (portraits) keep the same public URL as on disk; the app
 * serves them from the bucket (media module) instead of from the local folder.
 */
export function createS3Storage(
  config: S3Config,
  client = createS3Client(config),
  publicPrefix = '/media',
): Storage {
  const Bucket = config.bucket

  async function readObject(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key)
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      if (!answer.Body) throw new StorageMissingError(key)
      return answer.Body as Readable
    } catch (error) {
      if (isNotFound(error)) throw new StorageMissingError(key)
      throw error
    }
  }

  return {
    kind: 's3',
    async put(folder, bytes, extension) {
      const key = randomKey(folder, extension)
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }))
      return key
    },
    async get(key) {
      if (!isStorageKey(key)) throw new Error('invalid storage key')
      const stream = await readObject(key)
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
      return Buffer.concat(chunks)
    },
    publicUrl(key) {
      return `${publicPrefix}/${key}`
    },
    async putFile(key, filePath, options = {}) {
      assertSafeKey(key)
      const { size } = await stat(filePath)
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(filePath), ContentLength: size }),
      )
      if (options.consume) await unlink(filePath)
    },
    async putStream(key, body, length) {
      assertSafeKey(key)
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: length }))
    },
    read: readObject,
    async stat(key) {
      assertSafeKey(key)
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: head.ContentLength ?? 0 }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async remove(key) {
      assertSafeKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
    async list(folder) {
      assertSafeFolder(folder)
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken: token }),
        )
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },
    async move(from, to) {
      assertSafeKey(from)
      assertSafeKey(to)
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }))
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }))
    },
    localPath() {
      return null
    },
  }
}

/** The store of the configuration: S3 when S3_BUCKET is set, else local disk under DATA_DIR/media. */
export function createStorage(config: { dataDir: string; s3: S3Config | undefined }): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'media'))
}
