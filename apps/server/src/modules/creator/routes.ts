import {
  acceptCreatorAgreement,
  creatorAgreement,
  creatorAudit,
  identityWebhook,
  setCreatorReferrer,
  setCreatorSocial,
  startIdentityCheck,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import { registerCall } from '../../platform/http.ts'
import type { IdentityProvider } from '../../platform/identity/provider.ts'
import { SIGNATURE_HEADER } from '../../platform/identity/signature.ts'
import { registerSignedWebhooks } from '../../platform/webhooks.ts'
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
    ({ input, viewer, req }) => creator.startIdentityCheck(viewer, input.redirect, req.returnOrigin),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  )

  registerSignedWebhooks(app, {
    name: 'identity',
    header: SIGNATURE_HEADER,
    verify: (raw, header) => provider.verifyWebhook(raw, header, clock.now()),
    routes: (scope) => registerCall(scope, identityWebhook, ({ input }) => creator.handleDecision(input)),
  })
}
