import { z } from 'zod'
import { Media } from '../constants.ts'
import { Id, idList } from '../rules/ids.ts'
import { LineText } from '../rules/text.ts'
import { defineCall } from './define.ts'

export const MediaId = Id
export const MediaKind = z.enum(['image', 'video'])
export type MediaKind = z.infer<typeof MediaKind>

/** The md5 of the bytes md5Plan names, as 32 lower-case hex digits. */
export const Md5 = LineText.regex(/^[a-f0-9]{32}$/, { message: 'The file fingerprint is not valid.' })

const acceptedTypes: readonly string[] = [...Media.acceptedImageTypes, ...Media.acceptedVideoTypes]

/** The kind of media a declared content type stands for (the server checks the bytes again). */
export function mediaKindOf(mime: string): MediaKind | null {
  if (!acceptedTypes.includes(mime)) return null
  return mime.startsWith('video/') ? 'video' : 'image'
}

/** Largest file accepted for a content type. */
export function maxUploadBytes(kind: MediaKind): number {
  return kind === 'video' ? Media.videoMaxBytes : Media.imageMaxBytes
}

function sizeLabel(bytes: number): string {
  const GiB = 1024 ** 3
  return bytes >= GiB ? `${+(bytes / GiB).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`
}

/** What the composer says about a file before and after it is sent (the server's codes say the same). */
export const MediaTexts = {
  unsupportedType:
    'This file type is not supported. Choose a photo (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, MOV, WebM, MKV).',
  tooLarge: (kind: MediaKind) =>
    `This ${kind === 'video' ? 'video' : 'photo'} is too large: ${sizeLabel(maxUploadBytes(kind))} at most.`,
  empty: 'This file is empty.',
  unreadable: 'This file could not be read. Pick it again.',
  unfinished: 'This upload did not finish. Remove it and add the file again.',
  removeFailed: 'Remove the photos or videos that failed, then try again.',
  uploadStopped: 'The upload stopped. Check your connection and try again.',
  processingFailed: 'This file could not be processed.',
} as const

/** One rendition of an image, as WebP with a JPEG fallback (signed URLs, bound to the viewer). */
export const ImageSource = z.object({ width: z.number().int(), webp: z.string(), jpeg: z.string() })
export type ImageSource = z.infer<typeof ImageSource>

/** The viewable files of a media item, present only for a viewer entitled to it. */
export const MediaUrls = z.object({
  /** Image renditions, smallest first; for a video, its poster. */
  images: z.array(ImageSource),
  /** HLS playlist of a video (segments signed the same way). */
  hls: z.string().nullable(),
  /** H.264 MP4 of a video, for browsers that play it directly. */
  mp4: z.string().nullable(),
})
export type MediaUrls = z.infer<typeof MediaUrls>

/** An uploaded file as its owner sees it in the composer. */
export const OwnMedia = z.object({
  media_id: MediaId,
  kind: MediaKind,
  /** MediaState: 0 uploading, 2 processing, 1 ready, 3 failed. */
  state: z.number().int(),
  /** Why processing failed (state 3). */
  error: z.string().nullable(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for a video. */
  duration: z.number().nullable(),
  /** Blurred tiny preview as a data URL, once processed. */
  preview: z.string().nullable(),
  urls: MediaUrls.nullable(),
})
export type OwnMedia = z.infer<typeof OwnMedia>

export const prepareUpload = defineCall({
  method: 'POST',
  path: '/fapi/core/media/prepare/',
  access: 'account',
  summary:
    'Announce an upload by its md5 (spec §5) and size. A file the same creator already uploaded answers that media at once (duplicate: true); otherwise a media id to upload to the resumable endpoint with.',
  input: z.object({
    md5: Md5,
    size: z.number().int().positive(),
    mime: LineText.max(100),
    name: LineText.trim().max(255),
  }),
  response: z.object({
    media: OwnMedia,
    duplicate: z.boolean(),
    /** The resumable (tus 1.0.0) endpoint to create the upload at, with `media_id` in Upload-Metadata. */
    upload_endpoint: z.string().nullable(),
  }),
})

export const mediaStatus = defineCall({
  method: 'GET',
  path: '/fapi/core/media/status/',
  access: 'account',
  summary: "The viewer's own media by id (state, preview, urls once ready).",
  input: z.object({
    ids: idList(50, 'List up to 50 media ids separated by commas.'),
  }),
  response: z.object({ list: z.array(OwnMedia) }),
})

/** Path of the resumable upload endpoint (tus 1.0.0). Authenticated by the session headers, not signed. */
export const UPLOAD_ENDPOINT = '/fapi/upload/'
/** Prefix of signed media URLs: /fapi/media/{media_id}/{file}?v={viewer}&e={expiry}&s={signature}. */
export const MEDIA_URL_PREFIX = '/fapi/media/'

/**
 * What the media pipeline tells a creator about a file: the `error` of a failed media (state 3), and the
 * messages of refused upload requests.
 */
export const MediaFailure = {
  notAccepted: 'This file is not a photo or video we accept.',
  tooManyPixels: 'This photo has too many pixels.',
  mismatch: 'The upload does not match the announced file. Please try again.',
  unreadableImage: 'This photo could not be read.',
  unreadableVideo: 'This video could not be read.',
  noPicture: 'This video has no picture.',
  tooLong: `Videos can be at most ${Media.videoMaxSeconds / 3600} hours long.`,
  tooManyVideoPixels: 'Videos can be at most 4K (3840 × 2160).',
  expired: 'The upload was not finished in time. Please upload the file again.',
  failed: 'We could not process this file. Please try another one.',
  /** The image library has no HEVC decoder (patents): iPhones convert to JPEG when the picker is not offered HEIC. */
  heicUnsupported: 'HEIC photos are not supported yet. Please choose a JPEG or PNG version.',
  alreadyUploaded: 'This file is already uploaded.',
  creatorsOnly: 'Only creators can upload photos and videos.',
  metadataMissing: 'Upload-Metadata must name the media_id.',
} as const
