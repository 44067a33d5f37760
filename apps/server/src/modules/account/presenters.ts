import {
  type AdultSettings,
  EmailCategory,
  type EmailPreferences,
  LegalDocs,
  type LegalDocument,
  type LegalKind,
  locationLabel,
  type SessionInfo,
} from '@velvet/contract'
import { deviceLabel } from './device-label.ts'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

export function presentAdultSettings(row: {
  showAdultContent: boolean
  blurPreviews: boolean
}): AdultSettings {
  return { show_adult_content: row.showAdultContent, blur_previews: row.blurPreviews }
}

export function presentSession(
  row: {
    id: number
    userAgent: string | null
    country: string | null
    createdAt: Date
    lastUsedAt: Date
  },
  currentSessionId: number,
): SessionInfo {
  return {
    session_id: row.id,
    device: deviceLabel(row.userAgent),
    location: row.country ? locationLabel(row.country, null) : null,
    created_at: seconds(row.createdAt),
    last_used_at: seconds(row.lastUsedAt),
    current: row.id === currentSessionId,
  }
}

/** Every category, on unless the user turned it off. */
export function presentPreferences(optOuts: Record<string, boolean>): EmailPreferences {
  const preferences = {} as EmailPreferences
  for (const category of EmailCategory.options) preferences[category] = optOuts[category] !== true
  return preferences
}

export function presentLegalDocument(kind: LegalKind, acceptedAt: Date | null): LegalDocument {
  const doc = LegalDocs[kind]
  return {
    kind,
    title: doc.title,
    version: doc.version,
    path: doc.path,
    accepted_at: acceptedAt ? seconds(acceptedAt) : null,
  }
}
