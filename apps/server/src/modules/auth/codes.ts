import { EmailCode } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { codeMail } from './mails.ts'
import type { AuthRepo, CodePurpose } from './repo.ts'
import type { Clock } from './service.ts'
import { hashEmailCode, newEmailCode } from './tokens.ts'

/**
 * E-mailed 6-digit codes, for signing in and for confirming an account deletion. Both purposes share the
 * limits (one per minute per e-mail and purpose, five per hour per e-mail, twenty per hour per address);
 * a code only ever confirms the purpose it was mailed for.
 */
export function createEmailCodes({ repo, mailer, clock }: { repo: AuthRepo; mailer: Mailer; clock: Clock }) {
  return {
    async send(email: string, ip: string, purpose: CodePurpose) {
      const now = clock.now()
      const latest = await repo.latestCode(email, purpose)
      if (latest && now.getTime() - latest.createdAt.getTime() < EmailCode.resendAfterSeconds * 1000) {
        throw new AppError('CodeResendTooSoon')
      }
      const hourAgo = new Date(now.getTime() - 3_600_000)
      if ((await repo.countCodesSince({ email }, hourAgo)) >= EmailCode.perEmailPerHour) {
        throw new AppError('RateLimited')
      }
      if ((await repo.countCodesSince({ ip }, hourAgo)) >= EmailCode.perIpPerHour) {
        throw new AppError('RateLimited')
      }
      const code = newEmailCode(EmailCode.length)
      const expiresAt = new Date(now.getTime() + EmailCode.ttlSeconds * 1000)
      await repo.transaction((tx) =>
        repo.insertCode(
          { email, purpose, codeHash: hashEmailCode(email, code), ip, expiresAt, createdAt: now },
          tx,
        ),
      )
      await mailer.send({ to: email, ...codeMail(code, purpose) })
      return { expires_in: EmailCode.ttlSeconds, resend_after: EmailCode.resendAfterSeconds }
    },

    /** Checks the newest code of the e-mail for this purpose and consumes it once; throws when it fails. */
    async confirm(email: string, code: string, purpose: CodePurpose): Promise<void> {
      const now = clock.now()
      const latest = await repo.latestCode(email, purpose)
      if (!latest || latest.consumedAt) throw new AppError('CodeInvalid')
      if (latest.attempts >= EmailCode.maxTries) throw new AppError('CodeTooManyTries')
      if (latest.expiresAt <= now) throw new AppError('CodeExpired')
      if (hashEmailCode(email, code) !== latest.codeHash) {
        const attempts = await repo.addCodeAttempt(latest.id)
        if (attempts >= EmailCode.maxTries) throw new AppError('CodeTooManyTries')
        const left = EmailCode.maxTries - attempts
        throw new AppError('CodeInvalid', {
          message: `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
        })
      }
      if (!(await repo.consumeCode(latest.id, now))) throw new AppError('CodeInvalid')
    },
  }
}

export type EmailCodes = ReturnType<typeof createEmailCodes>
