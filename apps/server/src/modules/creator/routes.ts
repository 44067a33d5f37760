import {
  acceptCreatorAgreement,
  creatorAgreement,
  creatorAudit,
  identityWebhook,
  setCreatorReferrer,
  setCreatorSocial,
  startIdentityCheck,
} from '@velvet/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { registerCall } from '../../platform/http.ts'
import { type IdentityProvider, WebhookSignatureError } from '../../platform/identity/provider.ts'
import { SIGNATURE_HEADER } from '../../platform/identity/signature.ts'
import type { Clock } from '../auth/service.ts'
import type { CreatorService } from './service.ts'

export function registerCreatorRoutes(
  app: FastifyInstance,
  deps: { creator: CreatorService; provider: IdentityProvider; clock: Clock },
): void {
  const { creator, provider, clock } = deps

  registerCall(app, creatorAudit, ({ viewer }) => creator.audit(viewer))
  registerCall(app, creatorAgreement, () => creator.agreement())
  registerCall(app, acceptCreatorAgreement, ({ input, viewer, req }) =>
    creator.acceptAgreement(viewer, input.version, req.ip),
  )
  registerCall(app, setCreatorSocial, ({ input, viewer }) =>
    creator.setSocial(viewer, input.platform, input.handle),
  )
  registerCall(app, setCreatorReferrer, ({ input, viewer }) =>
    creator.setReferrer(viewer, input.referred, input.code),
  )
  registerCall(
    app,
    startIdentityCheck,
    ({ input, viewer }) => creator.startIdentityCheck(viewer, input.redirect),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  )

  // The webhook's HMAC covers the exact bytes sent: this scope keeps the raw JSON body for the check,
  // which runs before the body is validated.
  app.register(async (scope) => {
    const rawBodies = new WeakMap<FastifyRequest, Buffer>()
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (req, body, done) => {
        const raw = body as Buffer
        rawBodies.set(req, raw)
        try {
          done(null, JSON.parse(raw.toString('utf8')))
        } catch {
          done(new AppError('ValidationFailed', { message: 'The webhook body is not JSON.' }), undefined)
        }
      },
    )
    scope.addHook('preValidation', async (req) => {
      const header = req.headers[SIGNATURE_HEADER]
      try {
        provider.verifyWebhook(
          rawBodies.get(req) ?? Buffer.alloc(0),
          typeof header === 'string' ? header : undefined,
          clock.now(),
        )
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          req.log.warn({ reason: error.message }, 'identity webhook refused')
          throw new AppError('WebhookSignatureInvalid')
        }
        throw error
      }
    })
    registerCall(scope, identityWebhook, ({ input }) => creator.handleDecision(input))
  })
}
