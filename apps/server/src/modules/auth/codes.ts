import { EmailCode } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import type { EmailLimits } from './email-limits.ts'
import { codeMail } from './mails.ts'
import type { AuthRepo, CodePurpose } from './repo.ts'
import { hashEmailCode, newEmailCode } from './tokens.ts'

const HOUR_MS = 3_600_000

/**
 * E-mailed 6-digit codes, for signing in and for confirming an account deletion. Both purposes share the
 * limits (one per minute per e-mail and purpose, five per hour per e-mail, twenty per hour per address,
 * and EmailCode.codeRequestsPerEmail from every address together); a code only ever confirms the purpose
 * it was mailed for. Every limit is checked and counted in one step, so simultaneous requests or guesses
 * cannot pass it together.
 */
export function createEmailCodes(deps: {
  repo: AuthRepo
  mailer: Mailer
  clock: Clock
  limits: EmailLimits
}) {
  const { repo, mailer, clock, limits } = deps
  return {
    async send(email: string, ip: string, purpose: CodePurpose) {
      await limits.codeRequest(email)
      const now = clock.now()
      const code = newEmailCode(EmailCode.length)
      // The checks and the new code's row commit together under the e-mail's and the address's lock.
      await repo.transaction(async (tx) => {
        await repo.lockCodeIssuing(email, ip, tx)
        const latest = await repo.latestCode(email, purpose, tx)
        const waitMs = latest
          ? latest.createdAt.getTime() + EmailCode.resendAfterSeconds * 1000 - now.getTime()
          : 0
        // Retry-After says how many seconds are left, so the screen can count them down.
        if (waitMs > 0)
          throw new AppError('CodeResendTooSoon', {
            headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
          })
        const hourAgo = new Date(now.getTime() - HOUR_MS)
        if ((await repo.countCodesSince({ email }, hourAgo, tx)) >= EmailCode.perEmailPerHour)
          throw new AppError('RateLimited')
        if ((await repo.countCodesSince({ ip }, hourAgo, tx)) >= EmailCode.perIpPerHour)
          throw new AppError('RateLimited')
        const expiresAt = new Date(now.getTime() + EmailCode.ttlSeconds * 1000)
        await repo.insertCode(
          { email, purpose, codeHash: hashEmailCode(email, code), ip, expiresAt, createdAt: now },
          tx,
        )
      })
      await mailer.send({ to: email, ...codeMail(code, purpose) })
      return { expires_in: EmailCode.ttlSeconds, resend_after: EmailCode.resendAfterSeconds }
    },

    /**
     * Checks the newest code of the e-mail for this purpose and consumes it once; throws when it fails. A
     * try is counted before the guess is compared (one statement that only succeeds while tries are left),
     * so at most EmailCode.maxTries guesses are ever compared, and the one past them is refused even if right.
     */
    async confirm(email: string, code: string, purpose: CodePurpose): Promise<void> {
      const now = clock.now()
      const latest = await repo.latestCode(email, purpose)
      if (!latest || latest.consumedAt) throw new AppError('CodeInvalid')
      if (latest.expiresAt <= now) throw new AppError('CodeExpired')
      const attempt = await repo.takeCodeAttempt(latest.id, EmailCode.maxTries)
      if (attempt === null) {
        // Used meanwhile (signed in, or a newer code retired it), else out of tries.
        const current = await repo.codeById(latest.id)
        throw new AppError(current?.consumedAt ? 'CodeInvalid' : 'CodeTooManyTries')
      }
      if (hashEmailCode(email, code) !== latest.codeHash) {
        if (attempt >= EmailCode.maxTries) throw new AppError('CodeTooManyTries')
        const left = EmailCode.maxTries - attempt
        throw new AppError('CodeInvalid', {
          message: `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        })
      }
      if (!(await repo.consumeCode(latest.id, now))) throw new AppError('CodeInvalid')
    },
  }
}

export type EmailCodes = ReturnType<typeof createEmailCodes>
