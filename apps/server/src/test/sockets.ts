import { SOCKET_PATH, type SocketChannel, type SocketPayload } from '@velvet/contract'
import { io, type Socket } from 'socket.io-client'

export interface SocketMessage<C extends SocketChannel> {
  issued_num: number
  channel: C
  body: SocketPayload<C>
}

/** A real socket.io client over WebSocket; resolves once connected, rejects with the handshake error. */
export function connectSocket(
  baseUrl: string,
  options: { token?: string; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Socket> {
  const socket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    query: options.query ?? {},
    extraHeaders: options.headers ?? {},
  })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
}

/** Collects every message of a channel; `next()` waits for the next one (or fails after `ms`). */
export function collect<C extends SocketChannel>(socket: Socket, channel: C) {
  const received: SocketMessage<C>[] = []
  const waiters: ((m: SocketMessage<C>) => void)[] = []
  socket.on(channel as string, (message: SocketMessage<C>) => {
    const waiter = waiters.shift()
    if (waiter) waiter(message)
    else received.push(message)
  })
  return {
    received,
    next(ms = 3_000): Promise<SocketMessage<C>> {
      const ready = received.shift()
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${channel} within ${ms} ms`)), ms)
        waiters.push((m) => {
          clearTimeout(timer)
          resolve(m)
        })
      })
    },
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
