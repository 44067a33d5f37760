import { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchRedisLink } from './redis-link.ts'

function recordingLog() {
  const lines: Array<{ fields: Record<string, unknown>; msg: string }> = []
  const log = { warn: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }) }
  return { lines, log: log as unknown as FastifyBaseLogger }
}

describe('redis link', () => {
  afterEach(() => vi.useRealTimers())

  it('logs an outage once when it starts and once when it ends, with what was given up meanwhile', () => {
    const client = new EventEmitter()
    const { lines, log } = recordingLog()
    const link = watchRedisLink(client, log, 'emits stay local')
    client.emit('ready')
    for (let i = 0; i < 5; i++) client.emit('error', new Error('connect ECONNREFUSED'))
    expect(link.isDown()).toBe(true)
    link.gaveUp(new Error('offline'))
    link.gaveUp(new Error('offline'))
    client.emit('ready')
    expect(link.isDown()).toBe(false)
    expect(lines.map((line) => line.msg)).toEqual([
      'redis unreachable: emits stay local',
      'redis is back: emits stay local',
    ])
    expect(lines[1]?.fields.givenUp).toBe(2)
  })

  it('reports commands given up while connected at once, then counted per 10 s', () => {
    vi.useFakeTimers()
    const client = new EventEmitter()
    const { lines, log } = recordingLog()
    const link = watchRedisLink(client, log, 'emits stay local')
    for (let i = 0; i < 4; i++) link.gaveUp(new Error('timeout'))
    expect(lines).toHaveLength(1)
    vi.advanceTimersByTime(10_000)
    expect(lines.map((line) => [line.msg, line.fields.failures])).toEqual([
      ['redis gave up on a command: emits stay local', undefined],
      ['redis gave up on more commands in 10 s: emits stay local', 3],
    ])
  })
})
