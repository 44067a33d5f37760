import type { MediaUrls } from '@velvet/contract'

export type VideoSource =
  | { kind: 'native-hls'; url: string }
  | { kind: 'hls.js'; url: string }
  | { kind: 'mp4'; url: string }

/**
 * How a video plays: the HLS rendition natively where the browser plays HLS itself (Safari, iOS), through
 * hls.js where Media Source Extensions work, otherwise the H.264 MP4. `hlsFailed` skips HLS after hls.js
 * gave up on it.
 */
export function videoSource(
  urls: Pick<MediaUrls, 'hls' | 'mp4'>,
  support: { nativeHls: boolean; mse: boolean },
  hlsFailed = false,
): VideoSource | null {
  if (urls.hls && !hlsFailed) {
    if (support.nativeHls) return { kind: 'native-hls', url: urls.hls }
    if (support.mse) return { kind: 'hls.js', url: urls.hls }
  }
  return urls.mp4 ? { kind: 'mp4', url: urls.mp4 } : null
}

/** True when a failed media request means the signed URL is no longer valid (expired or for someone else). */
export function isExpiredStatus(status: number | undefined): boolean {
  return status === 403 || status === 410
}
