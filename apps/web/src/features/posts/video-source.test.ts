import { describe, expect, it } from 'vitest'
import { isExpiredStatus, videoSource } from './video-source.ts'

const urls = { hls: '/m/1/index.m3u8?e=1', mp4: '/m/1/video.mp4?e=1' }

describe('videoSource', () => {
  it('plays HLS natively where the browser can, else through hls.js, else the MP4', () => {
    expect(videoSource(urls, { nativeHls: true, mse: true })).toEqual({ kind: 'native-hls', url: urls.hls })
    expect(videoSource(urls, { nativeHls: false, mse: true })).toEqual({ kind: 'hls.js', url: urls.hls })
    expect(videoSource(urls, { nativeHls: false, mse: false })).toEqual({ kind: 'mp4', url: urls.mp4 })
  })

  it('falls back to the MP4 after hls.js gave up, and has nothing without files', () => {
    expect(videoSource(urls, { nativeHls: false, mse: true }, true)).toEqual({ kind: 'mp4', url: urls.mp4 })
    expect(videoSource({ hls: urls.hls, mp4: null }, { nativeHls: false, mse: false })).toBeNull()
    expect(videoSource({ hls: null, mp4: null }, { nativeHls: true, mse: true })).toBeNull()
  })

  it('treats 403 and 410 as an expired link', () => {
    expect(isExpiredStatus(403)).toBe(true)
    expect(isExpiredStatus(410)).toBe(true)
    expect(isExpiredStatus(404)).toBe(false)
    expect(isExpiredStatus(undefined)).toBe(false)
  })
})
