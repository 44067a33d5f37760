import { describe, expect, it } from 'vitest'
import {
  isHashedAsset,
  isNetworkOnlyPath,
  notificationTarget,
  parsePushPayload,
  precacheName,
} from './push-payload.ts'

describe('service worker rules', () => {
  it('reads the push payload {title, body, link, icon?, tag?}', () => {
    expect(
      parsePushPayload(JSON.stringify({ title: 'Mia', body: 'Hi', link: '/message', tag: 'm1' })),
    ).toEqual({
      title: 'Mia',
      body: 'Hi',
      link: '/message',
      tag: 'm1',
    })
    expect(parsePushPayload(JSON.stringify({ title: 'Mia', body: 'Hi', link: null }))).toEqual({
      title: 'Mia',
      body: 'Hi',
      link: '/home',
    })
  })

  it('still shows something for a payload that is not the expected JSON', () => {
    expect(parsePushPayload('plain text')).toEqual({ title: 'Velvet', body: 'plain text', link: '/home' })
    expect(parsePushPayload(null)).toEqual({ title: 'Velvet', body: '', link: '/home' })
    expect(parsePushPayload('[1]').title).toBe('Velvet')
  })

  it('opens same-origin links only', () => {
    const origin = 'https://velvet.test'
    expect(notificationTarget('/chatRoom?u1=1', origin)).toBe('https://velvet.test/chatRoom?u1=1')
    expect(notificationTarget('https://evil.example/x', origin)).toBe('https://velvet.test/home')
    expect(notificationTarget(undefined, origin)).toBe('https://velvet.test/home')
  })

  it('never caches API, media, socket or docs traffic', () => {
    for (const path of ['/fapi/core/system/init/', '/api/auth/login', '/media/a.jpg', '/socket.io/', '/docs'])
      expect(isNetworkOnlyPath(path)).toBe(true)
    expect(isNetworkOnlyPath('/assets/index.js')).toBe(false)
    expect(isNetworkOnlyPath('/home')).toBe(false)
  })

  it('caches at runtime only built files whose names carry their hash', () => {
    expect(isHashedAsset('/assets/index-Bi0noXJz.js')).toBe(true)
    expect(isHashedAsset('/assets/PostCard-a1B2c3D4.css')).toBe(true)
    expect(isHashedAsset('/assets/index-Bi0noXJz.js.map')).toBe(false)
    expect(isHashedAsset('/assets/index.js')).toBe(false)
    expect(isHashedAsset('/sw.js')).toBe(false)
    expect(isHashedAsset('/media/assets/x-Bi0noXJz.js')).toBe(false)
  })

  it('names the precache after its contents', () => {
    const a = precacheName([{ url: 'a.js', revision: null }])
    expect(a).toMatch(/^velvet-shell-/)
    expect(precacheName([{ url: 'a.js', revision: null }])).toBe(a)
    expect(precacheName([{ url: 'b.js', revision: null }])).not.toBe(a)
  })
})
