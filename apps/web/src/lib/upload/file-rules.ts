import { type MediaKind, MediaTexts, maxUploadBytes, mediaKindOf } from '@velvet/contract'

/** Types some browsers leave blank (Matroska, HEIC on desktop): named from the file extension instead. */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
}

/** The content type to announce: the browser's, else the one the extension names, else ''. */
export function mimeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  return TYPE_BY_EXTENSION[extension] ?? ''
}

export type FileCheck = { ok: true; kind: MediaKind; mime: string } | { ok: false; message: string }

/**
 * Whether a picked file may be uploaded, by its declared type (contract mediaKindOf) and size (contract
 * maxUploadBytes), with the contract's words. The server checks the real bytes again.
 */
export function checkFile(file: { name: string; type: string; size: number }): FileCheck {
  const mime = mimeOf(file)
  const kind = mediaKindOf(mime)
  if (!kind) return { ok: false, message: MediaTexts.unsupportedType }
  if (file.size === 0) return { ok: false, message: MediaTexts.empty }
  if (file.size > maxUploadBytes(kind)) return { ok: false, message: MediaTexts.tooLarge(kind) }
  return { ok: true, kind, mime }
}

/**
 * Sorts picked files into those to upload (checked, at most `room` of them) and the reasons for the rest,
 * the limit's own words first when there were too many (`tooMany`).
 */
export function acceptFiles(
  files: readonly File[],
  room: number,
  tooMany: string,
): { accepted: { file: File; name: string; mime: string; kind: MediaKind }[]; refused: string[] } {
  const accepted: { file: File; name: string; mime: string; kind: MediaKind }[] = []
  const refused: string[] = []
  for (const file of files) {
    const check = checkFile(file)
    if (check.ok) accepted.push({ file, name: file.name, mime: check.mime, kind: check.kind })
    else refused.push(`${file.name}: ${check.message}`)
  }
  if (accepted.length > Math.max(0, room)) {
    refused.unshift(tooMany)
    accepted.length = Math.max(0, room)
  }
  return { accepted, refused }
}
