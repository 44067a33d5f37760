import { ErrorCodes, type ErrorName } from '@velvet/contract'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDatabaseBusy } from './db.ts'
import { AppError, type FieldProblem } from './errors.ts'

function send(reply: FastifyReply, status: number, code: number, message: string, fields?: FieldProblem[]) {
  return reply
    .status(status)
    .send({ result: 'error', error: fields?.length ? { code, message, fields } : { code, message } })
}

function fromTable(reply: FastifyReply, name: ErrorName, message?: string) {
  const entry = ErrorCodes[name]
  return send(reply, entry.status, entry.code, message ?? entry.message)
}

/** Fastify's own 4xx errors (bad JSON, body too large, ...) mapped to contract codes. */
function statusToName(status: number): ErrorName {
  if (status === 404) return 'NotFound'
  if (status === 413) return 'PayloadTooLarge'
  if (status === 415) return 'UnsupportedMedia'
  if (status === 429) return 'RateLimited'
  return 'ValidationFailed'
}

/**
 * Every error leaves as the envelope of DESIGN §3. Only AppError messages, zod messages and the
 * contract table reach the client; anything else is logged and answered with the generic 102.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      if (error.status >= 500) req.log.error({ err: error }, 'app error')
      return send(reply, error.status, error.code, error.message, error.fields)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const params = v.params as { params?: { rule?: string } }
        return {
          field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)',
          rule: params.params?.rule ?? v.keyword,
          message: v.message ?? 'Not valid.',
        }
      })
      const entry = ErrorCodes.ValidationFailed
      return send(reply, entry.status, entry.code, fields[0]?.message ?? entry.message, fields)
    }
    if (isDatabaseBusy(error)) {
      // No connection came free in time, or a statement or a lock wait ran past its limit: the transaction
      // it was in rolled back, and the same call may well go through in a moment.
      req.log.warn({ err: error }, 'database busy')
      reply.header('retry-after', '1')
      return fromTable(reply, 'ServerBusy')
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      req.log.info({ code: error.code }, 'client error')
      return fromTable(
        reply,
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'BodyTooLarge' : statusToName(status),
      )
    }
    req.log.error({ err: error }, 'unhandled error')
    return fromTable(reply, 'Generic')
  })
}
