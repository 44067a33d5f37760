import type { ProfileCounts, PublicProfile } from '@velvet/contract'

/** The longest user name the profile call accepts (ProfileLookup). */
const HANDLE_MAX = 64

/**
 * The user name in /@{user_name} and the catch-all /{u} (spec §2): the segment after a leading '@', or
 * null when the segment is not a profile address (the 404 page then shows).
 */
export function profileHandle(segment: string | undefined): string | null {
  if (!segment?.startsWith('@')) return null
  const name = segment.slice(1).trim()
  if (name.length === 0 || name.length > HANDLE_MAX || name.includes('@')) return null
  return name
}

export function profilePath(userName: string): string {
  return `/@${userName}`
}

/**
 * Where the address bar should point once the profile is known: the canonical name after a username change
 * (old links keep working for Social.usernameRedirectDays), or the exact spelling of the name. Null when
 * the address is already right.
 */
export function canonicalTarget(
  asked: string,
  answer: { profile: { user_name: string }; canonical_user_name: string | null },
): string | null {
  const name = answer.canonical_user_name ?? answer.profile.user_name
  return name && name !== asked ? profilePath(name) : null
}

/** A bio is folded (with a "more" button) past this many characters or lines. */
export const BioFold = { chars: 180, lines: 4 } as const

export function isLongBio(bio: string): boolean {
  return bio.length > BioFold.chars || bio.split('\n').length > BioFold.lines
}

/** The name a profile is shown under: the nickname, else the user name. */
export function displayName(person: { nickname: string | null; user_name: string | null }): string {
  return person.nickname?.trim() || person.user_name || 'Velvet user'
}

/**
 * A profile after a follow or unfollow: the button state, and the follower count from the server when
 * known, else moved by one only when the state really changes (never below zero).
 */
export function withFollow(profile: PublicProfile, isFollowing: boolean, followers?: number): PublicProfile {
  let count = profile.counts.followers
  if (followers !== undefined) count = followers
  else if (isFollowing !== profile.is_following) count = Math.max(0, count + (isFollowing ? 1 : -1))
  return { ...profile, is_following: isFollowing, counts: { ...profile.counts, followers: count } }
}

export function withCounts(profile: PublicProfile, counts: ProfileCounts): PublicProfile {
  return { ...profile, counts: { ...counts } }
}

const joinedFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Los_Angeles',
})

/** "Joined March 2026" (dates are shown in Pacific time, spec §9). */
export function joinedLabel(unixSeconds: number): string {
  return `Joined ${joinedFormat.format(new Date(unixSeconds * 1000))}`
}

/** "1 follower", "1.2K followers": a count with its noun, abbreviated with `format`. */
export function countLabel(count: number, one: string, many: string, format: (n: number) => string): string {
  return `${format(count)} ${count === 1 ? one : many}`
}
