import {
  accountInfo,
  adultSettings,
  deleteAccount,
  emailPreferences,
  legalDocuments,
  resubscribeEmail,
  revokeOtherSessions,
  revokeSession,
  sendDeleteAccountCode,
  UnsubscribeLink,
  unsubscribeEmail,
  unsubscribeInfo,
  updateAdultSettings,
  updateEmailPreferences,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { registerCall } from '../../platform/http.ts'
import { type EmailPreferencesService, ONE_CLICK_UNSUBSCRIBE_PATH } from './email-service.ts'
import type { AccountService } from './service.ts'

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { account: AccountService; emails: EmailPreferencesService },
): void {
  const { account, emails } = deps

  registerCall(app, adultSettings, ({ viewer }) => account.adultSettings(viewer))
  registerCall(app, updateAdultSettings, ({ input, viewer }) => account.updateAdultSettings(viewer, input))
  registerCall(app, accountInfo, ({ viewer }) => account.info(viewer))
  registerCall(app, revokeSession, ({ input, viewer }) => account.revokeSession(viewer, input.session_id))
  registerCall(app, revokeOtherSessions, ({ viewer }) => account.revokeOtherSessions(viewer))
  registerCall(app, sendDeleteAccountCode, ({ viewer, req }) => account.sendDeleteCode(viewer, req.ip), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  })
  registerCall(app, deleteAccount, ({ input, viewer }) => account.deleteAccount(viewer, input.code), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  })
  registerCall(app, legalDocuments, ({ viewer }) => account.legalDocuments(viewer))

  registerCall(app, emailPreferences, ({ viewer }) => emails.preferences(viewer))
  registerCall(app, updateEmailPreferences, ({ input, viewer }) => emails.update(viewer, input.preferences))
  const linkLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } }
  registerCall(app, unsubscribeInfo, ({ input }) => emails.linkInfo(input), linkLimit)
  registerCall(app, unsubscribeEmail, ({ input }) => emails.unsubscribe(input), linkLimit)
  registerCall(app, resubscribeEmail, ({ input }) => emails.resubscribe(input), linkLimit)

  app.register(async (scope) => {
    // Mail providers post `List-Unsubscribe=One-Click` as a form (RFC 8058); the signed URL is the authority.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    scope.post(ONE_CLICK_UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (req, reply) => {
      const link = UnsubscribeLink.safeParse(req.query)
      if (!link.success) return reply.status(400).send()
      try {
        await emails.unsubscribe(link.data)
      } catch (error) {
        if (error instanceof AppError) return reply.status(400).send()
        throw error
      }
      return reply.status(200).send()
    })
  })
}
