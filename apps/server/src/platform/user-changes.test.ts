import { Caching } from '@velvet/contract'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createUserChanges, startUserChanges } from './user-changes.ts'

function fakeTimes() {
  const times = { app: 1_000_000, real: 0 }
  const changes = createUserChanges({ now: () => times.app, realNow: () => times.real, keepMs: 20_000 })
  return { times, changes }
}

describe('user changes', () => {
  it('makes answers read before a change of one of their users stale, and only those', () => {
    const { times, changes } = fakeTimes()
    const mark = changes.mark() ?? 0
    changes.changed(7)
    expect(changes.fresh(mark, [1, 7])).toBe(false)
    expect(changes.fresh(mark, [1, 2])).toBe(true)
    const after = changes.mark() ?? 0
    expect(changes.fresh(after, [7])).toBe(true)
    // Not stored until the change had time to commit (real time), then stored.
    expect(changes.storable(after, [7])).toBe(false)
    times.real += Caching.settleMs
    expect(changes.storable(after, [7])).toBe(true)
    expect(changes.storable(mark, [7])).toBe(false)
  })

  it('never trusts an answer older than the changes it still remembers', () => {
    const { times, changes } = fakeTimes()
    const mark = changes.mark() ?? 0
    changes.changed(7)
    times.app += 50_000
    times.real += 50_000
    // The change of user 7 is forgotten by now; an answer read before it must not pass for fresh.
    expect(changes.fresh(mark, [7])).toBe(false)
    expect(changes.storable(mark, [7])).toBe(false)
    expect(changes.fresh(changes.mark() ?? 0, [7])).toBe(true)
  })

  it('caches nothing while untrusted and forgets everything on reset', () => {
    const { changes } = fakeTimes()
    const mark = changes.mark() ?? 0
    changes.setTrusted(false)
    expect(changes.mark()).toBeNull()
    expect(changes.fresh(mark, [1])).toBe(false)
    changes.setTrusted(true)
    changes.reset()
    expect(changes.fresh(mark, [1])).toBe(false)
    expect(changes.fresh(changes.mark() ?? 0, [1])).toBe(true)
  })
})

describe.skipIf(!process.env.REDIS_URL)('user changes across processes through Redis', () => {
  it("tells another process's caches of a change", async () => {
    const log = pino({ level: 'silent' })
    const deps = {
      redisUrl: process.env.REDIS_URL,
      redisPrefix: `user-changes-${process.pid}-${Date.now()}:`,
      now: () => Date.now(),
      log,
    }
    const [a, b] = [await startUserChanges(deps), await startUserChanges(deps)]
    try {
      const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000)
      const markB = b.mark() ?? 0
      expect(b.fresh(markB, [userId])).toBe(true)
      a.changed(userId)
      for (let i = 0; i < 100 && b.fresh(markB, [userId]); i++) await new Promise((r) => setTimeout(r, 10))
      expect(b.fresh(markB, [userId])).toBe(false)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
