import { createConnection, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  /** The proxy's loopback port (an ephemeral one). */
  port: number
  /** Cuts the link: every open connection is reset and new ones are reset as soon as they arrive. */
  cut(): void
  /** Lets connections through again. */
  restore(): void
  close(): Promise<void>
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (Redis in the outage test), so that a test can take the
 * server away from its clients without stopping a server other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>()
  let cutOff = false
  const server = createServer((client) => {
    if (cutOff) {
      client.resetAndDestroy()
      return
    }
    const upstream = createConnection(target)
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('close', () => open.delete(socket))
      // A reset on one side ends the other: errors are the expected way a cut shows up.
      socket.on('error', () => undefined)
    }
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('the proxy did not get a port')
  return {
    port: address.port,
    cut() {
      cutOff = true
      for (const socket of open) socket.resetAndDestroy()
    },
    restore() {
      cutOff = false
    },
    async close() {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A proxy in front of the Redis server of `redisUrl`, and the URL that reaches Redis through it. */
export async function startRedisProxy(redisUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const redis = new URL(redisUrl)
  const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) })
  const proxied = new URL(redis)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(proxy.port)
  return { proxy, url: proxied.toString() }
}
