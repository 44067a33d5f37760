import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../../web/scripts/precompress.ts'
import { serveWebApp } from './web.ts'

const script = `export const answer = ${JSON.stringify('velvet '.repeat(400))}\n`
let dist: string
let app: FastifyInstance

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'velvet-web-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Velvet</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`,
  )
  writeFileSync(path.join(dist, 'assets', 'index-Bi0noXJz.js'), script)
  writeFileSync(path.join(dist, 'assets', 'tiny-Ab12Cd34.js'), 'export {}\n')
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n')
  const totals = precompressDir(dist)
  expect(totals.files).toBe(2) // the script and index.html; the tiny file and robots.txt are too small
  app = Fastify()
  expect(await serveWebApp(app, dist, { signing_key: 'k', version: '1' } as never)).toBe(true)
  await app.ready()
})

afterAll(async () => {
  await app.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('serving the built web app', () => {
  it('sends a hashed script as brotli, else gzip, else as it is, cached for good', async () => {
    const url = '/assets/index-Bi0noXJz.js'
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.rawPayload.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('sends a file without a compressed copy as it is', async () => {
    const tiny = await app.inject({ url: '/assets/tiny-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } })
    expect(tiny.statusCode).toBe(200)
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe('export {}\n')
  })

  it('answers robots.txt with the file, not the app', async () => {
    const robots = await app.inject({ url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    expect(robots.body).toContain('Disallow: /api/')
  })

  it('sends index.html with the client config for any page, compressed when the browser takes it', async () => {
    const br = await app.inject({ url: '/@mia', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('no-cache')
    const html = brotliDecompressSync(br.rawPayload).toString()
    expect(html).toContain('<script type="application/json" id="velvet-config">{"signing_key":"k"')
    const refused = await app.inject({ url: '/home', headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(refused.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(refused.rawPayload).toString()).toBe(html)
    const plain = await app.inject({ url: '/home' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(html)
  })
})
