import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto'
import { MEDIA_URL_PREFIX, Media, type MediaUrls } from '@velvet/contract'
import type { MediaRecord } from './types.ts'

/** The fields of a signed media URL: /fapi/media/{media_id}/{file}?v={viewer}&e={expiry}&s={signature}. */
export interface MediaGrant {
  mediaId: number
  /** A file name inside the media's folder (e.g. `w960.webp`, `index.m3u8`, `seg_003.ts`). */
  file: string
  viewerId: number
  /** Unix seconds. */
  expires: number
}

const fileNamePattern = /^[a-z0-9_.-]{1,64}$/

export function isMediaFileName(file: string): boolean {
  return fileNamePattern.test(file) && !file.startsWith('.')
}

/**
 * Signs and checks media URLs (DESIGN §5): an HMAC over media, file, viewer and expiry, so a URL works only
 * for Media.signedUrlSeconds and names the viewer it was made for.
 */
export function createMediaSigner(secret: string, nowSeconds: () => number) {
  // The key is imported once; each URL is one HMAC over a short string.
  const key = createSecretKey(Buffer.from(secret, 'utf8'))
  const mac = (grant: MediaGrant) =>
    createHmac('sha256', key)
      .update(`media:${grant.mediaId}:${grant.file}:${grant.viewerId}:${grant.expires}`)
      .digest('base64url')

  // The query needs no escaping: v and e are integers, s is base64url (URLSearchParams gave the same text).
  function url(grant: MediaGrant): string {
    return `${MEDIA_URL_PREFIX}${grant.mediaId}/${grant.file}?v=${grant.viewerId}&e=${grant.expires}&s=${mac(grant)}`
  }

  return {
    url,
    /** A URL for `file` of `mediaId`, valid from now for Media.signedUrlSeconds. */
    sign(mediaId: number, file: string, viewerId: number): string {
      return url({ mediaId, file, viewerId, expires: nowSeconds() + Media.signedUrlSeconds })
    },
    /**
     * An HLS playlist of `mediaId` with each segment line replaced by its URL for `viewerId`, signed now
     * for Media.signedUrlSeconds like every other media URL, however long the video. Each request of the
     * playlist signs afresh; a player that plays on past that gets a fresh playlist link from the API
     * (the post again), as for any expired URL.
     */
    playlist(text: string, mediaId: number, viewerId: number): string {
      const expires = nowSeconds() + Media.signedUrlSeconds
      return text
        .split('\n')
        .map((line) => {
          const file = line.trim()
          return file === '' || file.startsWith('#') ? line : url({ mediaId, file, viewerId, expires })
        })
        .join('\n')
    },
    /** True when the signature matches and has not expired. */
    verify(grant: MediaGrant, signature: string): boolean {
      if (!isMediaFileName(grant.file) || grant.expires < nowSeconds()) return false
      const expected = Buffer.from(mac(grant))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}

export type MediaSigner = ReturnType<typeof createMediaSigner>

/** The last path segment of a storage key (files of one media live in one folder). */
export function fileNameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1)
}

/** Signed URLs of a ready media item's renditions for one viewer; never the original upload. */
export function mediaUrlsFor(signer: MediaSigner, record: MediaRecord, viewerId: number): MediaUrls | null {
  const files = record.files
  if (!files || record.state !== 1) return null
  const sign = (key: string) => signer.sign(record.id, fileNameOf(key), viewerId)
  return {
    images: files.images.map((image) => ({
      width: image.width,
      webp: sign(image.webp),
      jpeg: sign(image.jpeg),
    })),
    hls: files.hls ? sign(files.hls.playlist) : null,
    mp4: files.mp4 ? sign(files.mp4) : null,
  }
}
