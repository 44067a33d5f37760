import { CoreErrorCodes, SOCKET_PATH, type SocketChannel, type SocketPayload } from '@velvet/contract'
import { io, type Socket } from 'socket.io-client'
import { createStore, useStore } from '../../lib/store.ts'
import { LISTENED_CHANNELS, parseSocketMessage } from './parse.ts'
import { type ReconnectTrigger, reconnectDelayAfterDisconnect, shouldReconnect } from './reconnect-policy.ts'

/** Who the socket connects as: the handshake query of spec §7 (the token comes from `options.token`). */
export interface SocketIdentity {
  /** ui */
  userId: number
  /** ut: 0 logged in, 3 anonymous */
  userType: number
  /** di */
  deviceId: string
  /** pt */
  platform: string
}

export type RealtimeStatus = 'connected' | 'disconnected'

export type RealtimeHandlers = {
  [C in SocketChannel]?: (body: SocketPayload<C>) => void
}

const identityKey = (identity: SocketIdentity) =>
  `${identity.userId}:${identity.userType}:${identity.deviceId}:${identity.platform}`

/** The handshake's answer to a token the server does not know (docs/api.md "Realtime"). */
function refusedAsLoggedOut(error: Error): boolean {
  const data = (error as Error & { data?: unknown }).data
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { code?: unknown }).code === CoreErrorCodes.NotLoggedIn.code
  )
}

/**
 * The user socket (spec §4 Chat socket, §7): connects while a session exists, closes on logout; reconnects
 * on page show, visibility return, coming online or a click while closed, and 5 s after a disconnect while
 * still wanted. socket.io's own reconnection is off: this policy is the only one, and it keeps trying for as
 * long as the socket is wanted. A socket that disconnected or failed to connect is discarded at once (its
 * `active` flag stays true after a failed connection when socket.io does not reconnect by itself, so it
 * cannot tell whether one is under way): "open" means this client holds a socket, connecting or connected.
 * Messages sent while the socket was down are not replayed: `onReconnect` runs on every connect of a user
 * after their first, so that the app refetches what the socket would have told it.
 */
export function createRealtimeClient(
  handlers: RealtimeHandlers,
  options: {
    /** The bearer token for each handshake (asked afresh every time: page tokens are short-lived). */
    token: () => Promise<string | null>
    /** The handshake was refused as logged out (1001): the session may have moved on. */
    onRefused?: () => void
    onReconnect?: () => void
    /** Another server than the page's own (tests). */
    url?: string
    /** The wait before trying again after a disconnect (spec §9: 5 s; tests shorten it). */
    retryMs?: number
  },
) {
  let socket: Socket | null = null
  let identity: SocketIdentity | null = null
  const status = createStore<RealtimeStatus>('disconnected')
  /** The current user has been connected before (a new connect is then a reconnect). */
  let connectedBefore = false
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  const setStatus = status.set

  function clearRetry(): void {
    if (retryTimer !== null) clearTimeout(retryTimer)
    retryTimer = null
  }

  function dispatch<C extends SocketChannel>(channel: C, raw: unknown): void {
    const parsed = parseSocketMessage(channel, raw)
    if (!parsed.ok) {
      console.warn(`realtime: ignored a malformed ${channel} message`, parsed.error)
      return
    }
    const handler = handlers[channel] as ((body: SocketPayload<C>) => void) | undefined
    try {
      handler?.(parsed.body)
    } catch (error) {
      console.error(`realtime: ${channel} handler failed`, error)
    }
  }

  function scheduleRetry(delay: number): void {
    clearRetry()
    retryTimer = setTimeout(() => {
      retryTimer = null
      trigger('timer')
    }, delay)
  }

  /** Forgets a socket that is down (or no longer wanted) for good: no listener, no connection attempt left. */
  function discard(old: Socket): void {
    if (socket === old) socket = null
    old.removeAllListeners()
    old.disconnect()
  }

  /** The socket dropped or could not connect: try again later while it is still wanted. */
  function lost(old: Socket, reason: string): void {
    discard(old)
    setStatus('disconnected')
    const delay = reconnectDelayAfterDisconnect(identity !== null, reason, options.retryMs)
    if (delay !== null) scheduleRetry(delay)
  }

  function open(): void {
    if (!identity) return
    clearRetry()
    const current = identity
    const settings = {
      path: SOCKET_PATH,
      query: {
        ui: String(current.userId),
        ut: String(current.userType),
        di: current.deviceId,
        pt: current.platform,
      },
      // A function: socket.io asks it on every connection attempt, so a retry never sends a stale token.
      auth: (send: (data: { token: string }) => void) => {
        void options
          .token()
          .catch(() => null)
          .then((token) => send({ token: token ?? '' }))
      },
      reconnection: false,
      forceNew: true,
    }
    const next = options.url ? io(options.url, settings) : io(settings)
    socket = next
    next.on('connect', () => {
      if (socket !== next) return
      setStatus('connected')
      if (connectedBefore) options.onReconnect?.()
      connectedBefore = true
    })
    next.on('disconnect', (reason) => {
      if (socket === next) lost(next, reason)
    })
    next.on('connect_error', (error) => {
      if (socket !== next) return
      console.warn('realtime: connection failed', error.message)
      lost(next, 'connect_error')
      if (refusedAsLoggedOut(error)) options.onRefused?.()
    })
    for (const channel of LISTENED_CHANNELS) {
      next.on(channel, (raw: unknown) => {
        if (socket === next) dispatch(channel, raw)
      })
    }
  }

  function close(): void {
    clearRetry()
    if (socket) discard(socket)
    setStatus('disconnected')
  }

  /** Connected or connecting: a socket that went down has been discarded already. */
  function isOpen(): boolean {
    return socket !== null
  }

  /** A page event that may bring the socket back (only when it is wanted and closed). */
  function trigger(kind: ReconnectTrigger): void {
    if (!shouldReconnect(kind, { wanted: identity !== null, open: isOpen() })) return
    close()
    open()
  }

  return {
    /** Connect as `next` (a new identity reconnects), or close when there is no session (null). */
    setIdentity(next: SocketIdentity | null): void {
      if (next === null) {
        identity = null
        connectedBefore = false
        close()
        return
      }
      if (identity && identityKey(identity) === identityKey(next) && isOpen()) return
      // The same user again (another device id or platform) reconnects; another user starts afresh.
      if (identity?.userId !== next.userId) connectedBefore = false
      identity = next
      close()
      open()
    },
    trigger,
    status: status.get,
    subscribe: status.subscribe,
    /** For the dev-only test seam: runs a channel's handler as if the server had sent `raw`. */
    inject(channel: SocketChannel, raw: unknown): void {
      dispatch(channel, raw)
    },
  }
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>

export function useRealtimeStatusOf(client: RealtimeClient): RealtimeStatus {
  return useStore({ get: client.status, subscribe: client.subscribe })
}
