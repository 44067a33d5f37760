import { QueryClient } from '@tanstack/react-query'
import type { PublicProfile, SessionUser, UserCard } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { peopleKeys } from '../../lib/query-keys.ts'
import type { CardPages } from './card-pages.ts'
import { type ProfileAnswer, profileKeys } from './profile.queries.ts'
import { applyUserInfoChange } from './profile.realtime.ts'
import { setBlockState } from './social-cache.ts'

const me: SessionUser = {
  user_id: 10000001,
  user_name: 'fan_account',
  user_role: 0,
  user_type: 0,
  nickname: 'Fan',
  portrait: null,
  bio: '',
  email: 'fan@example.test',
  referrer_code: null,
  needs_profile: false,
}

function profile(over: Partial<PublicProfile>): PublicProfile {
  return {
    user_id: 10000002,
    user_name: 'creator_one',
    nickname: 'Creator',
    portrait: null,
    bio: '',
    user_role: 1,
    verified: true,
    counts: { posts: 0, followers: 5, following: 0, likes: 0 },
    joined_at: 1_700_000_000,
    is_self: false,
    is_following: false,
    is_blocked_by_me: false,
    ...over,
  }
}

function card(userId: number, isFollowing: boolean): UserCard {
  return {
    user_id: userId,
    user_name: `user_${userId}`,
    nickname: null,
    portrait: null,
    user_role: 0,
    verified: false,
    is_following: isFollowing,
    since: 1_700_000_000,
  }
}

function pages(...cards: UserCard[]): CardPages {
  return { pages: [{ list: cards, cursor: null, has_next: false }], pageParams: [undefined] }
}

function setup() {
  const client = new QueryClient()
  const creatorKey = profileKeys.byName(me.user_id, 'creator_one')
  const ownKey = profileKeys.byName(me.user_id, 'fan_account')
  client.setQueryData<ProfileAnswer>(creatorKey, { profile: profile({}), canonical_user_name: null })
  client.setQueryData<ProfileAnswer>(ownKey, {
    profile: profile({ user_id: me.user_id, user_name: 'fan_account', user_role: 0, is_self: true }),
    canonical_user_name: null,
  })
  client.setQueryData(peopleKeys.followers(undefined), pages(card(10000002, false), card(10000003, true)))
  return { client, creatorKey, ownKey }
}

describe('user_info_change on the profile caches', () => {
  it('a follow made elsewhere updates that profile, its rows and the own counts', () => {
    const { client, creatorKey, ownKey } = setup()
    applyUserInfoChange(client, {
      user: me,
      counts: { posts: 0, followers: 0, following: 1, likes: 0 },
      relation: { user_id: 10000002, is_following: true, followers: 6 },
    })
    const creator = client.getQueryData<ProfileAnswer>(creatorKey)?.profile
    expect(creator?.is_following).toBe(true)
    expect(creator?.counts.followers).toBe(6)
    expect(client.getQueryData<ProfileAnswer>(ownKey)?.profile.counts.following).toBe(1)
    const rows = client.getQueryData<CardPages>(peopleKeys.followers(undefined))?.pages[0]?.list
    expect(rows?.map((row) => row.is_following)).toEqual([true, true])
  })

  it('profile edits in another tab reach the own profile only', () => {
    const { client, creatorKey, ownKey } = setup()
    applyUserInfoChange(client, { user: { ...me, nickname: 'New name', bio: 'Hello' } })
    expect(client.getQueryData<ProfileAnswer>(ownKey)?.profile).toMatchObject({
      nickname: 'New name',
      bio: 'Hello',
    })
    expect(client.getQueryData<ProfileAnswer>(creatorKey)?.profile.nickname).toBe('Creator')
  })

  it('blocking hides the person from the lists and marks the profile', () => {
    const { client, creatorKey } = setup()
    setBlockState(client, 10000002, true)
    expect(client.getQueryData<ProfileAnswer>(creatorKey)?.profile.is_blocked_by_me).toBe(true)
    const rows = client.getQueryData<CardPages>(peopleKeys.followers(undefined))?.pages[0]?.list
    expect(rows?.map((row) => row.user_id)).toEqual([10000003])
  })
})
