import { createConnection } from 'node:net'

/**
 * One `INFO <section>` from a Redis server, as `field -> value` (a few lines of RESP over a plain socket, so
 * that a bench can read Redis's own counters without a client library).
 */
export function redisInfo(url: string, section: string): Promise<Map<string, string>> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) })
    let reply = Buffer.alloc(0)
    socket.setTimeout(5_000, () => socket.destroy(new Error('redis INFO timed out')))
    socket.on('error', reject)
    socket.on('connect', () => socket.write(`INFO ${section}\r\n`))
    socket.on('data', (chunk) => {
      reply = Buffer.concat([reply, chunk])
      const headerEnd = reply.indexOf('\r\n')
      if (headerEnd < 0) return
      const length = Number(reply.subarray(1, headerEnd).toString())
      if (reply.length < headerEnd + 2 + length) return
      socket.end()
      const text = reply.subarray(headerEnd + 2, headerEnd + 2 + length).toString()
      const fields = text
        .split('\r\n')
        .filter((line) => line.includes(':') && !line.startsWith('#'))
        .map((line): [string, string] => [
          line.slice(0, line.indexOf(':')),
          line.slice(line.indexOf(':') + 1),
        ])
      resolve(new Map(fields))
    })
  })
}
