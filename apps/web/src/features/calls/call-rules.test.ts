import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callPriceLine, callTimeoutMs } from './call-rules.ts'
import { incomingCall } from './call-store.ts'

const invite = (callId: string, timeout?: number) => ({
  call_id: callId,
  send_user_info: { id: 7, nick_name: 'Mia', portrait: null },
  user_call_setting: { total_tokens: 50, min_time: 5 },
  ...(timeout === undefined ? {} : { timeout_sec: timeout }),
})

describe('incoming call rules (spec §2, §4)', () => {
  it('prices: 0 for unlimited time, else tokens for minutes', () => {
    expect(callPriceLine({ total_tokens: 0, min_time: 10 })).toBe('0 for unlimited time')
    expect(callPriceLine({ total_tokens: 120, min_time: 5 })).toBe('120 for 5 Min')
  })

  it('rings timeout_sec, 140 s by default', () => {
    expect(callTimeoutMs({})).toBe(140_000)
    expect(callTimeoutMs({ timeout_sec: 30 })).toBe(30_000)
  })
})

describe('incoming call store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    incomingCall.close()
  })
  afterEach(() => vi.useRealTimers())

  it('replaces an invite with the same call_id and restarts its timeout', () => {
    incomingCall.invite(invite('c1', 10))
    const first = incomingCall.get()?.version
    vi.advanceTimersByTime(9000)
    incomingCall.invite({ ...invite('c1', 10), user_call_setting: { total_tokens: 0, min_time: 0 } })
    expect(incomingCall.get()?.version).not.toBe(first)
    expect(incomingCall.get()?.invite.user_call_setting.total_tokens).toBe(0)
    vi.advanceTimersByTime(9000)
    expect(incomingCall.get()).not.toBeNull()
    vi.advanceTimersByTime(1000)
    expect(incomingCall.get()).toBeNull()
  })

  it('closes on call_cancel for that call only', () => {
    incomingCall.invite(invite('c1'))
    incomingCall.cancel('other')
    expect(incomingCall.get()).not.toBeNull()
    incomingCall.cancel('c1')
    expect(incomingCall.get()).toBeNull()
  })

  it('times out after 140 s without timeout_sec', () => {
    incomingCall.invite(invite('c2'))
    vi.advanceTimersByTime(139_999)
    expect(incomingCall.get()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(incomingCall.get()).toBeNull()
  })
})
