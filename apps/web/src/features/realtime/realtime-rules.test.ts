import { SocketChannels } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { parseSocketMessage } from './parse.ts'
import { reconnectDelayAfterDisconnect, shouldReconnect } from './reconnect-policy.ts'

describe('reconnect policy (spec §4)', () => {
  it('reopens on page show, visibility, online or click only when wanted and closed', () => {
    for (const trigger of ['pageshow', 'visible', 'online', 'click', 'timer'] as const) {
      expect(shouldReconnect(trigger, { wanted: true, open: false })).toBe(true)
      expect(shouldReconnect(trigger, { wanted: true, open: true })).toBe(false)
      expect(shouldReconnect(trigger, { wanted: false, open: false })).toBe(false)
    }
  })

  it('retries 5 s after a disconnect while wanted, never after our own disconnect', () => {
    expect(reconnectDelayAfterDisconnect(true, 'transport close')).toBe(5000)
    expect(reconnectDelayAfterDisconnect(true, 'io server disconnect')).toBe(5000)
    expect(reconnectDelayAfterDisconnect(true, 'io client disconnect')).toBeNull()
    expect(reconnectDelayAfterDisconnect(false, 'transport close')).toBeNull()
  })
})

describe('socket payload parsing', () => {
  const cancel = { call_id: 'c1' }

  it('accepts the socket message envelope of spec §3', () => {
    const parsed = parseSocketMessage(SocketChannels.callCancel, {
      issued_num: 3,
      channel: 'call_cancel',
      body: cancel,
    })
    expect(parsed).toEqual({ ok: true, channel: 'call_cancel', issuedNum: 3, body: cancel })
  })

  it('accepts a bare body', () => {
    const parsed = parseSocketMessage(SocketChannels.callCancel, cancel)
    expect(parsed.ok && parsed.body).toEqual(cancel)
  })

  it('rejects an envelope for another channel or a body that does not match', () => {
    expect(
      parseSocketMessage(SocketChannels.callCancel, { issued_num: 1, channel: 'signout', body: cancel }).ok,
    ).toBe(false)
    expect(
      parseSocketMessage(SocketChannels.callCancel, { issued_num: 1, channel: 'call_cancel', body: {} }).ok,
    ).toBe(false)
    expect(parseSocketMessage(SocketChannels.signout, { reason: 'bored' }).ok).toBe(false)
    expect(parseSocketMessage(SocketChannels.realtimeNotify, 'hello').ok).toBe(false)
  })

  it('validates a realtime_notify body with the contract', () => {
    const body = {
      id: 'n1',
      notify_type: 20,
      is_show: 1,
      is_add: 1,
      show_seconds: 4,
      link: '/live/1',
      left: { content: null, type: 1 },
      middle: { title: 'Mia is live', summary: 'Come say hi' },
      right: { type: 2, content: 'Watch' },
      meta: { tokens: 20 },
      content: '',
      created_at: 1,
    }
    const parsed = parseSocketMessage(SocketChannels.realtimeNotify, {
      issued_num: 1,
      channel: 'realtime_notify',
      body,
    })
    expect(parsed.ok && parsed.body.middle.title).toBe('Mia is live')
  })
})
