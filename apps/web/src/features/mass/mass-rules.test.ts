import { MassKind } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api/errors.ts'
import { audienceOf, createPayload, draftErrors, emptyDraft, firstError, serverErrors } from './mass-rules.ts'

const now = 1_800_000_000
const local = (seconds: number) => {
  const d = new Date(seconds * 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const noMedia = { ids: [], pending: false }

describe('the mass message form', () => {
  it('names the audience the picker shows (lists need one)', () => {
    expect(audienceOf(emptyDraft)).toEqual({ kind: 'followers' })
    expect(audienceOf({ ...emptyDraft, audience: 'spenders', spentLevel: 3 })).toEqual({
      kind: 'spenders',
      spent_level: 3,
    })
    expect(audienceOf({ ...emptyDraft, audience: 'lists', listIds: [] })).toBeNull()
    expect(audienceOf({ ...emptyDraft, audience: 'lists', listIds: [9, 2] })).toEqual({
      kind: 'lists',
      list_ids: [2, 9],
    })
  })

  it('refuses what the server refuses, in its words: empty, past, over the limit, PPV without media', () => {
    expect(draftErrors(emptyDraft, noMedia, now, undefined).text).toBe(
      'Write a message or add a photo or video.',
    )
    const past = { ...emptyDraft, text: 'Hi', schedule: true, sendAt: local(now - 3600) }
    expect(draftErrors(past, noMedia, now, undefined).send_at).toBe('Pick a time in the future.')
    const big = draftErrors({ ...emptyDraft, text: 'Hi' }, noMedia, now, { count: 5_001, max: 5_000 })
    expect(big.audience).toContain('5,000')
    const ppv = draftErrors({ ...emptyDraft, text: 'Hi', ppv: true, price: '50' }, noMedia, now, undefined)
    expect(ppv.price).toBe('Add a photo or video to sell this message.')
    expect(
      draftErrors({ ...emptyDraft, text: 'Hi' }, { ids: [], pending: true }, now, undefined).media,
    ).toBeTruthy()
    const post = draftErrors({ ...emptyDraft, kind: MassKind.Post }, noMedia, now, undefined)
    expect(firstError(post)).toBe('post_id')
  })

  it('builds the create call and places server refusals on their fields', () => {
    const draft = {
      ...emptyDraft,
      text: 'Hi',
      ppv: true,
      price: '50',
      schedule: true,
      sendAt: local(now + 7200),
    }
    expect(createPayload(draft, [7], 'c-1')).toMatchObject({
      client_id: 'c-1',
      kind: 1,
      media: [7],
      price: 50,
      post_id: null,
      send_at: now + 7200,
    })
    const soon = new ApiError({
      code: 6102,
      status: 429,
      message: 'You can send one mass message every 6 hours.',
      fields: [
        { field: 'send_at', rule: 'mass.interval', message: 'You can send one mass message every 6 hours.' },
      ],
    })
    expect(serverErrors(soon)).toEqual({ send_at: 'You can send one mass message every 6 hours.' })
    expect(serverErrors(new ApiError({ code: 102, status: 500, message: 'x' }))).toBeNull()
  })
})
