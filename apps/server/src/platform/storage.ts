import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Where media bytes live. Local disk is the embedded default; an S3 adapter comes with the media issue. */
export interface Storage {
  /** Stores bytes under a new random key in `folder` and answers the key. */
  put(folder: string, bytes: Buffer, extension: string): Promise<string>
  get(key: string): Promise<Buffer>
  /** The path the app serves a public key from. */
  publicUrl(key: string): string
}

const keyPattern = /^[a-z0-9_-]+\/[a-f0-9]{32}\.[a-z0-9]+$/

export function isStorageKey(key: string): boolean {
  return keyPattern.test(key)
}

export function createDiskStorage(root: string, publicPrefix = '/media'): Storage {
  return {
    async put(folder, bytes, extension) {
      const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`
      const file = path.join(root, key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${process.pid}.tmp`
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
  }
}
