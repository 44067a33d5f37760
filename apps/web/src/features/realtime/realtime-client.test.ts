import { Timing } from '@velvet/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealtimeClient, type SocketIdentity } from './realtime-client.ts'

/** A stand-in for socket.io-client's Socket: the test plays the server's side of each connection. */
class FakeSocket {
  connected = false
  private listeners = new Map<string, ((...args: unknown[]) => void)[]>()
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  removeAllListeners() {
    this.listeners.clear()
    return this
  }
  disconnect() {
    this.connected = false
    return this
  }
  serverEmits(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true
    if (event === 'disconnect') this.connected = false
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
}

const sockets: FakeSocket[] = []
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket()
    sockets.push(socket)
    return socket
  },
}))

const identity = (over: Partial<SocketIdentity> = {}): SocketIdentity => ({
  userId: 7,
  userType: 0,
  deviceId: 'd',
  platform: 'rm11',
  ...over,
})

describe('realtime client reconnects', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    sockets.length = 0
  })
  afterEach(() => vi.useRealTimers())

  it('asks the app to refetch on a reconnect (5 s after a drop), not on the first connect', () => {
    const onReconnect = vi.fn()
    const client = createRealtimeClient({}, { onReconnect, token: async () => 't1' })
    client.setIdentity(identity())
    sockets.at(-1)?.serverEmits('connect')
    expect(onReconnect).not.toHaveBeenCalled()

    sockets.at(-1)?.serverEmits('disconnect', 'transport close')
    expect(client.status()).toBe('disconnected')
    vi.advanceTimersByTime(Timing.socketReconnectMs)
    expect(sockets).toHaveLength(2)
    sockets.at(-1)?.serverEmits('connect')
    expect(onReconnect).toHaveBeenCalledTimes(1)
    expect(client.status()).toBe('connected')
  })

  it('keeps the socket for the same identity, reconnects for a new one, and counts another user as a first connect', () => {
    const onReconnect = vi.fn()
    const client = createRealtimeClient({}, { onReconnect, token: async () => 't1' })
    client.setIdentity(identity())
    sockets.at(-1)?.serverEmits('connect')
    client.setIdentity(identity())
    expect(sockets).toHaveLength(1)
    client.setIdentity(identity({ userType: 3 }))
    sockets.at(-1)?.serverEmits('connect')
    expect(onReconnect).toHaveBeenCalledTimes(1)

    client.setIdentity(identity({ userId: 8 }))
    sockets.at(-1)?.serverEmits('connect')
    client.setIdentity(null)
    client.setIdentity(identity({ userId: 8 }))
    sockets.at(-1)?.serverEmits('connect')
    expect(onReconnect).toHaveBeenCalledTimes(1)
  })
})
