import { Creator } from './constants.ts'

/** The legal documents a user accepts, with the version in force and the page that shows each. */
export const LegalKinds = ['terms', 'privacy', 'creator_agreement'] as const
export type LegalKind = (typeof LegalKinds)[number]

export const LegalDocs: Readonly<Record<LegalKind, { title: string; version: string; path: string }>> = {
  /** Accepted by completing sign-up (the sign-up screen links it). */
  terms: { title: 'Terms of Service', version: '2026-11-22', path: '/terms' },
  privacy: { title: 'Privacy Policy', version: '2026-11-22', path: '/privacy' },
  /** Accepted in host verification (/creator_audit). */
  creator_agreement: {
    title: 'Creator Agreement',
    version: Creator.agreementVersion,
    path: '/creator_audit',
  },
}
