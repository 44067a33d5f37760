import { createHash } from 'node:crypto'
import { EmailCode } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { WindowCounter } from '../../platform/window-counter.ts'

interface WindowLimit {
  readonly max: number
  readonly windowSeconds: number
}

/**
 * Limits per e-mail that hold across addresses (an attacker with many addresses is still one e-mail's
 * attacker): sign-in attempts and code requests, counted before anything else is done with them (right or
 * wrong, refused or not). The counter is Redis when it is configured, so every process counts together.
 * Keys carry a hash of the e-mail, never the address itself.
 */
export function createEmailLimits({ counter, clock }: { counter: WindowCounter; clock: { now(): Date } }) {
  async function take(kind: string, email: string, limits: readonly WindowLimit[]): Promise<void> {
    const id = createHash('sha256').update(email).digest('base64url').slice(0, 24)
    const now = clock.now().getTime()
    for (const limit of limits) {
      const n = await counter.hit(`${kind}:${limit.windowSeconds}:${id}`, limit.windowSeconds * 1000, now)
      if (n > limit.max) throw new AppError('RateLimited')
    }
  }
  return {
    /** One sign-in attempt with a code for this e-mail (1005 beyond EmailCode.loginAttemptsPerEmail). */
    loginAttempt: (email: string) => take('login', email, EmailCode.loginAttemptsPerEmail),
    /** One code request for this e-mail (1005 beyond EmailCode.codeRequestsPerEmail). */
    codeRequest: (email: string) => take('code', email, EmailCode.codeRequestsPerEmail),
  }
}

export type EmailLimits = ReturnType<typeof createEmailLimits>
