import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_S3, type FakeS3, startFakeS3 } from '../test/s3.ts'
import {
  createDiskStorage,
  createS3Client,
  createS3Storage,
  createStorage,
  isSafeKey,
  type Storage,
  StorageMissingError,
} from './storage.ts'

let fakeS3: FakeS3
let workDir: string
beforeAll(async () => {
  fakeS3 = await startFakeS3()
  workDir = mkdtempSync(path.join(tmpdir(), 'velvet-storage-'))
})
afterAll(async () => {
  await fakeS3.close()
  rmSync(workDir, { recursive: true, force: true })
})

const s3Config = () => ({
  bucket: FAKE_S3.bucket,
  region: FAKE_S3.region,
  endpoint: fakeS3.endpoint,
  accessKeyId: FAKE_S3.accessKeyId,
  secretAccessKey: FAKE_S3.secretAccessKey,
  forcePathStyle: true,
})

const stores: Array<[string, () => Storage]> = [
  ['disk', () => createDiskStorage(mkdtempSync(path.join(workDir, 'disk-')))],
  ['s3', () => createS3Storage(s3Config())],
]

describe.each(stores)('%s storage', (_name, make) => {
  it('keeps the portrait calls: put answers a new key, get gives the bytes back', async () => {
    const storage = make()
    const key = await storage.put('portraits', Buffer.from('portrait bytes'), 'webp')
    expect(key).toMatch(/^portraits\/[a-f0-9]{32}\.webp$/)
    expect((await storage.get(key)).toString()).toBe('portrait bytes')
    expect(storage.publicUrl(key)).toBe(`/media/${key}`)
  })

  it('writes from a file and a stream, reads whole and by byte range, stats, lists, moves and removes', async () => {
    const storage = make()
    const file = path.join(workDir, `source-${_name}.bin`)
    writeFileSync(file, '0123456789abcdef')
    await storage.putFile('items/7/original', file)
    await storage.putStream(
      'items/7/w480.webp',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      11,
    )

    expect(await text(await storage.read('items/7/original'))).toBe('0123456789abcdef')
    expect(await text(await storage.read('items/7/original', { start: 4, end: 9 }))).toBe('456789')
    expect(await text(await storage.read('items/7/w480.webp', { start: 6, end: 10 }))).toBe('world')
    expect(await storage.stat('items/7/original')).toEqual({ size: 16 })
    expect(await storage.stat('items/7/missing.jpg')).toBeNull()
    expect(await storage.list('items/7')).toEqual(['items/7/original', 'items/7/w480.webp'])

    await storage.move('items/7/w480.webp', 'items/8/w480.webp')
    expect(await storage.stat('items/7/w480.webp')).toBeNull()
    expect(await text(await storage.read('items/8/w480.webp'))).toBe('hello world')

    await storage.remove('items/7/original')
    await storage.remove('items/7/never-there')
    expect(await storage.list('items/7')).toEqual([])
    await expect(storage.read('items/7/original')).rejects.toBeInstanceOf(StorageMissingError)
  })

  it('consumes a local file when asked to', async () => {
    const storage = make()
    const file = path.join(workDir, `consumed-${_name}.bin`)
    writeFileSync(file, 'moved')
    await storage.putFile('items/9/original', file, { consume: true })
    expect(await text(await storage.read('items/9/original'))).toBe('moved')
    expect(() => writeFileSync(path.join(file, 'x'), '')).toThrow()
  })

  it('refuses keys that leave the store', async () => {
    const storage = make()
    for (const key of ['../etc/passwd', '/abs/file', 'items/../../x', 'items/.hidden', 'single']) {
      expect(isSafeKey(key)).toBe(false)
      await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/)
    }
  })
})

describe('S3 adapter on the wire', () => {
  it('signs every request with SigV4 (verified by the fake server)', async () => {
    const before = fakeS3.requests.length
    const storage = createS3Storage(s3Config())
    await storage.putStream('items/20/a.jpg', Readable.from([Buffer.from('abc')]), 3)
    await storage.stat('items/20/a.jpg')
    await storage.read('items/20/a.jpg', { start: 1, end: 2 })
    await storage.remove('items/20/a.jpg')
    const seen = fakeS3.requests.slice(before)
    expect(seen.map((r) => r.method)).toEqual(['PUT', 'HEAD', 'GET', 'DELETE'])
    expect(seen.every((r) => r.signed)).toBe(true)
    expect(seen[0]?.path).toBe(`/${FAKE_S3.bucket}/items/20/a.jpg`)
  })

  it('fails when the secret is wrong (the fake really checks the signature)', async () => {
    const wrong = createS3Storage(
      s3Config(),
      createS3Client({ ...s3Config(), secretAccessKey: 'not-the-secret' }),
    )
    await expect(wrong.putStream('items/21/a.jpg', Readable.from([Buffer.from('x')]), 1)).rejects.toThrow()
    expect(fakeS3.requests.at(-1)?.signed).toBe(false)
  })

  it('is chosen by the configuration', () => {
    expect(createStorage({ dataDir: workDir, s3: s3Config() }).kind).toBe('s3')
    expect(createStorage({ dataDir: workDir, s3: undefined }).kind).toBe('disk')
  })
})
