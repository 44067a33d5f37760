import { RequestBody } from '@velvet/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'
import { WebhookSignatureError } from './identity/provider.ts'
import { assertJsonDepth } from './json-body.ts'

/**
 * A scope for a partner's signed webhook: the HMAC covers the exact bytes sent, so the scope keeps the raw
 * JSON body and checks the signature header before the body is validated. A bad signature or timestamp
 * answers 3033 (and is logged); the routes registered in `routes` get the parsed body as usual.
 */
export function registerSignedWebhooks(
  app: FastifyInstance,
  options: {
    /** Who sends it, for the log line of a refusal ("identity", "payments"). */
    name: string
    header: string
    /** Throws WebhookSignatureError when the raw body and header do not match. */
    verify(raw: Buffer, header: string | undefined): void
    routes(scope: FastifyInstance): void
  },
): void {
  app.register(async (scope) => {
    const rawBodies = new WeakMap<FastifyRequest, Buffer>()
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: RequestBody.jsonMaxBytes },
      (req, body, done) => {
        const raw = body as Buffer
        rawBodies.set(req, raw)
        let parsed: unknown
        try {
          const text = raw.toString('utf8')
          assertJsonDepth(text)
          parsed = JSON.parse(text)
        } catch (error) {
          const refusal = error instanceof AppError ? error : null
          done(
            refusal ?? new AppError('ValidationFailed', { message: 'The webhook body is not JSON.' }),
            undefined,
          )
          return
        }
        done(null, parsed)
      },
    )
    scope.addHook('preValidation', async (req) => {
      const header = req.headers[options.header]
      try {
        options.verify(rawBodies.get(req) ?? Buffer.alloc(0), typeof header === 'string' ? header : undefined)
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          req.log.warn({ reason: error.message }, `${options.name} webhook refused`)
          throw new AppError('WebhookSignatureInvalid')
        }
        throw error
      }
    })
    options.routes(scope)
  })
}
