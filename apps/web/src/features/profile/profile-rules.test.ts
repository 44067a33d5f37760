import type { PublicProfile } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { changedFields, counterText, editableOf, needsAvailabilityCheck } from './edit-rules.ts'
import {
  canonicalTarget,
  displayName,
  isLongBio,
  joinedLabel,
  profileHandle,
  withCounts,
  withFollow,
} from './profile-rules.ts'

const profile: PublicProfile = {
  user_id: 10000002,
  user_name: 'scarlett.rose',
  nickname: 'Scarlett',
  portrait: null,
  bio: '',
  user_role: 1,
  verified: true,
  counts: { posts: 0, followers: 10, following: 2, likes: 0 },
  joined_at: 1_767_225_600,
  is_self: false,
  is_following: false,
  is_blocked_by_me: false,
}

describe('profile addresses (spec §2)', () => {
  it('reads /@{user_name}; anything else is not a profile', () => {
    expect(profileHandle('@scarlett.rose')).toBe('scarlett.rose')
    expect(profileHandle('scarlett.rose')).toBeNull()
    expect(profileHandle('@')).toBeNull()
    expect(profileHandle('@a@b')).toBeNull()
    expect(profileHandle(`@${'x'.repeat(65)}`)).toBeNull()
    expect(profileHandle(undefined)).toBeNull()
  })

  it('replaces an old or differently spelled name with the canonical one', () => {
    expect(canonicalTarget('old_name', { profile, canonical_user_name: 'scarlett.rose' })).toBe(
      '/@scarlett.rose',
    )
    expect(canonicalTarget('Scarlett.Rose', { profile, canonical_user_name: null })).toBe('/@scarlett.rose')
    expect(canonicalTarget('scarlett.rose', { profile, canonical_user_name: null })).toBeNull()
  })
})

describe('profile display', () => {
  it('folds long bios by length or lines', () => {
    expect(isLongBio('Hi there')).toBe(false)
    expect(isLongBio('x'.repeat(181))).toBe(true)
    expect(isLongBio('a\nb\nc\nd')).toBe(false)
    expect(isLongBio('a\nb\nc\nd\ne')).toBe(true)
  })

  it('names a person by nickname, else user name', () => {
    expect(displayName({ nickname: ' Mia ', user_name: 'mia_x' })).toBe('Mia')
    expect(displayName({ nickname: null, user_name: 'mia_x' })).toBe('mia_x')
    expect(displayName({ nickname: '', user_name: null })).toBe('Velvet user')
  })

  it('shows the join month in Pacific time', () => {
    // 2026-01-01 00:00 UTC is still December 31 in California.
    expect(joinedLabel(1_767_225_600)).toBe('Joined December 2025')
  })
})

describe('follow state', () => {
  it('moves the count by one only when the state changes', () => {
    expect(withFollow(profile, true).counts.followers).toBe(11)
    expect(withFollow(profile, false).counts.followers).toBe(10)
    const following = withFollow(profile, true)
    expect(withFollow(following, false)).toEqual(profile)
    expect(
      withFollow({ ...profile, counts: { ...profile.counts, followers: 0 }, is_following: true }, false)
        .counts.followers,
    ).toBe(0)
  })

  it('takes the server count when given', () => {
    expect(withFollow(profile, true, 42)).toMatchObject({ is_following: true, counts: { followers: 42 } })
    expect(withCounts(profile, { posts: 1, followers: 2, following: 3, likes: 4 }).counts.likes).toBe(4)
  })
})

describe('edit profile', () => {
  const original = { nickname: 'Scarlett', user_name: 'scarlett.rose', bio: 'Hi' }

  it('sends only what changed', () => {
    expect(changedFields(original, { ...original, nickname: ' Scarlett ' })).toEqual({})
    expect(changedFields(original, { ...original, nickname: 'Rose', bio: '' })).toEqual({
      nickname: 'Rose',
      bio: '',
    })
    expect(changedFields(original, { ...original, user_name: 'rose.scarlett' })).toEqual({
      user_name: 'rose.scarlett',
    })
  })

  it('checks availability only for a valid, different name', () => {
    expect(needsAvailabilityCheck('scarlett.rose', 'Scarlett.Rose')).toBe(false)
    expect(needsAvailabilityCheck('scarlett.rose', 'rose.')).toBe(false)
    expect(needsAvailabilityCheck('scarlett.rose', 'rose_scarlett')).toBe(true)
  })

  it('reads the stored user and counts characters', () => {
    expect(
      editableOf({
        user_id: 1,
        user_name: null,
        user_role: 0,
        user_type: 0,
        nickname: null,
        portrait: null,
        bio: 'b',
        email: null,
        referrer_code: null,
        needs_profile: false,
      }),
    ).toEqual({ nickname: '', user_name: '', bio: 'b' })
    expect(counterText(12, 1000)).toBe('12 / 1000')
  })
})
