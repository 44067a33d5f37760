import { createStore, useStore } from '../../lib/store.ts'
import { type CallInviteBody, callTimeoutMs } from './call-rules.ts'

export interface RingingCall {
  invite: CallInviteBody
  /** Changes when an invite replaces the one shown (same call_id), so the view restarts. */
  version: number
}

const current = createStore<RingingCall | null>(null)
let version = 0
let timer: ReturnType<typeof setTimeout> | null = null

function stopTimer(): void {
  if (timer !== null) clearTimeout(timer)
  timer = null
}

/**
 * The incoming call (spec §4): appears on call_invite; a second invite with the same call_id replaces
 * the first; gone on call_cancel, on timeout (timeout_sec, default 140 s) or when the user answers.
 */
export const incomingCall = {
  get: current.get,
  subscribe: current.subscribe,

  invite(invite: CallInviteBody): void {
    stopTimer()
    version += 1
    current.set({ invite, version })
    const callId = invite.call_id
    timer = setTimeout(() => incomingCall.cancel(callId), callTimeoutMs(invite))
  },

  /** call_cancel (or the timeout): closes the banner only when it shows that call. */
  cancel(callId: string): void {
    if (current.get()?.invite.call_id !== callId) return
    stopTimer()
    current.set(null)
  },

  close(): void {
    stopTimer()
    current.set(null)
  },
}

export function useIncomingCall(): RingingCall | null {
  return useStore(current)
}
