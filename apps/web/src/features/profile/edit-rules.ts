import { brokenUsernameRules, type SessionUser } from '@velvet/contract'

/** The fields of /user/edit_profile, as the form holds them. */
export interface EditableProfile {
  nickname: string
  user_name: string
  bio: string
}

export function editableOf(user: SessionUser): EditableProfile {
  return { nickname: user.nickname ?? '', user_name: user.user_name ?? '', bio: user.bio }
}

/** Only what changed, as profileUpdate takes it (the nickname is compared trimmed, as the contract trims it). */
export function changedFields(original: EditableProfile, values: EditableProfile): Partial<EditableProfile> {
  const changes: Partial<EditableProfile> = {}
  const nickname = values.nickname.trim()
  if (nickname !== original.nickname) changes.nickname = nickname
  if (values.user_name !== original.user_name) changes.user_name = values.user_name
  if (values.bio !== original.bio) changes.bio = values.bio
  return changes
}

/**
 * Whether a username candidate needs the live availability check: it passes every rule and is not the
 * current name (a change of letter case only stays the same account's name).
 */
export function needsAvailabilityCheck(current: string, candidate: string): boolean {
  if (candidate.toLowerCase() === current.toLowerCase()) return false
  return brokenUsernameRules(candidate).length === 0
}

/** "12 / 1000" under the bio. */
export function counterText(length: number, max: number): string {
  return `${length} / ${max}`
}
