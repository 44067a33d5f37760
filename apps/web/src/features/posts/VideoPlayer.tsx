import type { MediaUrls } from '@velvet/contract'
import type Hls from 'hls.js/light'
import { Pause, Play, Volume2, VolumeX } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '../../ui/Spinner.tsx'
import { MediaImage } from './MediaImage.tsx'
import { durationText, fallbackImage } from './post-rules.ts'
import { isExpiredStatus, videoSource } from './video-source.ts'

const HLS_TYPE = 'application/vnd.apple.mpegurl'

/**
 * A post's video: the poster with a play button first (nothing is downloaded before the viewer asks),
 * then HLS (hls.js, imported only now, or the browser's own) or the MP4. Play/pause, mute and the time
 * left; it pauses when scrolled away or when another slide is shown. Expired signed URLs call `onExpired`;
 * when fresh URLs arrive the video continues where it was.
 */
export function VideoPlayer({
  urls,
  width,
  height,
  duration,
  active,
  onExpired,
}: {
  urls: MediaUrls
  width: number | null
  height: number | null
  duration: number | null
  active: boolean
  onExpired: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const video = useRef<HTMLVideoElement>(null)
  const resume = useRef({ at: 0, play: true })
  /** hls.js reports its own failures; the element's error event is for native HLS and MP4. */
  const viaHlsJs = useRef(false)
  const [started, setStarted] = useState(false)
  const [playing, setPlaying] = useState(false)
  const [waiting, setWaiting] = useState(false)
  const [muted, setMuted] = useState(false)
  const [hlsFailed, setHlsFailed] = useState(false)
  const [left, setLeft] = useState(duration)

  useEffect(() => {
    const element = video.current
    if (!started || !element) return
    const source = videoSource(
      urls,
      { nativeHls: element.canPlayType(HLS_TYPE) !== '', mse: typeof MediaSource !== 'undefined' },
      hlsFailed,
    )
    if (!source) return
    viaHlsJs.current = source.kind === 'hls.js'
    let hls: Hls | null = null
    let cancelled = false
    const begin = () => {
      if (resume.current.at > 0) element.currentTime = resume.current.at
      if (resume.current.play) void element.play().catch(() => setPlaying(false))
    }
    if (source.kind === 'hls.js') {
      void import('hls.js/light').then(({ default: HlsPlayer }) => {
        if (cancelled) return
        if (!HlsPlayer.isSupported()) {
          setHlsFailed(true)
          return
        }
        hls = new HlsPlayer({ enableWorker: false })
        hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal) return
          if (isExpiredStatus(data.response?.code)) onExpired()
          else if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) hls?.recoverMediaError()
          else setHlsFailed(true)
        })
        hls.loadSource(source.url)
        hls.attachMedia(element)
        begin()
      })
    } else {
      element.src = source.url
      begin()
    }
    return () => {
      cancelled = true
      resume.current = { at: element.currentTime, play: !element.paused }
      hls?.destroy()
      element.removeAttribute('src')
      element.load()
    }
  }, [started, urls, hlsFailed, onExpired])

  // Pause when the video scrolls out of view or its slide is not the one shown.
  useEffect(() => {
    const element = box.current
    if (!element || !playing || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio < 0.25)) video.current?.pause()
      },
      { threshold: [0, 0.25] },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [playing])
  useEffect(() => {
    if (!active) video.current?.pause()
  }, [active])

  const toggle = () => {
    const element = video.current
    if (!started || !element) {
      resume.current = { at: 0, play: true }
      setStarted(true)
      return
    }
    if (element.paused) void element.play().catch(() => setPlaying(false))
    else element.pause()
  }

  const poster = fallbackImage(urls.images, 960)?.jpeg
  const label = playing ? 'Pause video' : 'Play video'
  return (
    <div ref={box} className="v-video" data-playing={playing || undefined}>
      {started ? (
        <video
          ref={video}
          className="v-video__element"
          poster={poster}
          playsInline
          preload="metadata"
          muted={muted}
          width={width ?? undefined}
          height={height ?? undefined}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onWaiting={() => setWaiting(true)}
          onPlaying={() => setWaiting(false)}
          onTimeUpdate={(event) => {
            const element = event.currentTarget
            if (Number.isFinite(element.duration)) setLeft(element.duration - element.currentTime)
          }}
          onError={() => {
            if (!viaHlsJs.current && video.current?.getAttribute('src')) onExpired()
          }}
        />
      ) : (
        <MediaImage images={urls.images} width={width} height={height} fit="contain" />
      )}
      <button type="button" className="v-video__surface" aria-label={label} onClick={toggle}>
        {playing ? null : (
          <span className="v-video__play" aria-hidden="true">
            <Play />
          </span>
        )}
      </button>
      {waiting && playing ? (
        <span className="v-video__waiting">
          <Spinner label="Loading video" />
        </span>
      ) : null}
      <div className="v-video__bar">
        <button type="button" className="v-icon-button v-video__control" aria-label={label} onClick={toggle}>
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </button>
        {left !== null ? <span className="v-video__time">{durationText(left)}</span> : null}
        <button
          type="button"
          className="v-icon-button v-video__control"
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={muted}
          onClick={() => setMuted((value) => !value)}
        >
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </button>
      </div>
    </div>
  )
}
