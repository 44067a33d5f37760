import { Timing } from '@velvet/contract'

/** What may bring a closed socket back (spec §4 Chat socket). */
export type ReconnectTrigger = 'pageshow' | 'visible' | 'online' | 'click' | 'timer'

export interface SocketState {
  /** A session exists and no logout happened: the app wants the socket. */
  wanted: boolean
  /** The socket is connected or a connection attempt is under way. */
  open: boolean
}

/** Whether a trigger should (re)open the socket: only when it is wanted and closed. */
export function shouldReconnect(_trigger: ReconnectTrigger, state: SocketState): boolean {
  return state.wanted && !state.open
}

/**
 * After a disconnect: the delay before trying again (5 s) when the socket is still wanted, or null.
 * A disconnect the client asked for (logout, session gone) never reconnects.
 */
export function reconnectDelayAfterDisconnect(
  wanted: boolean,
  reason: string,
  delayMs: number = Timing.socketReconnectMs,
): number | null {
  if (!wanted || reason === 'io client disconnect') return null
  return delayMs
}
