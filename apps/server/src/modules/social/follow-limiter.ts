import { Social } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * Follows and unfollows per viewer per minute (anti-abuse): a fixed one-minute window per user, in the
 * memory of this process. Several processes each allow the limit; for a flood guard that is enough.
 */
export function createFollowLimiter(clock: Clock, perMinute: number = Social.followsPerMinute) {
  const windows = new Map<number, { start: number; used: number }>()
  return {
    take(userId: number): void {
      const now = clock.now().getTime()
      const window = windows.get(userId)
      if (!window || now - window.start >= 60_000) {
        if (windows.size > 10_000) {
          for (const [id, w] of windows) if (now - w.start >= 60_000) windows.delete(id)
        }
        windows.set(userId, { start: now, used: 1 })
        return
      }
      if (window.used >= perMinute) {
        const retry = Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000))
        throw new AppError('RateLimited', { headers: { 'retry-after': String(retry) } })
      }
      window.used += 1
    },
  }
}

export type FollowLimiter = ReturnType<typeof createFollowLimiter>
