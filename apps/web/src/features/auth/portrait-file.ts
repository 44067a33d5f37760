import { ErrorCodes, Profile } from '@velvet/contract'

/** The checks the server makes first on a portrait, so a wrong file is refused before it is sent. */
export function portraitFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return ErrorCodes.UnsupportedMedia.message
  if (file.size > Profile.portraitMaxBytes) return ErrorCodes.PayloadTooLarge.message
  return null
}
