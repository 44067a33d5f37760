import { randomUUID } from 'node:crypto'
import path from 'node:path'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { type ClientConfig, ErrorCodes } from '@velvet/contract'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import { compose } from './compose/index.ts'
import type { AccountBalances } from './modules/account/balances.ts'
import { type Clock, systemClock } from './platform/clock.ts'
import type { Config } from './platform/config.ts'
import type { Database } from './platform/db.ts'
import { installErrorHandler } from './platform/error-handler.ts'
import { type JobSender, type Jobs, pgBossSender } from './platform/jobs.ts'
import { installJsonBodies } from './platform/json-body.ts'
import { loggerOptions } from './platform/logger.ts'
import type { Mailer } from './platform/mail.ts'
import { registerRateLimits } from './platform/rate-limits.ts'
import { isApiPath, serveWebApp } from './platform/web.ts'

export interface AppDeps {
  config: Readonly<Config>
  database: Database
  clock?: Clock
  mailer?: Mailer
  /** Where log lines go (stdout by default; tests collect them). */
  logStream?: DestinationStream
  /** Negative-balance check for deleting an account (default: the ledger's user accounts). */
  balances?: AccountBalances
  /** The job queue (main starts it); its workers are registered here unless RUN_MODE=web. */
  jobs?: Jobs
  /** Where modules enqueue jobs; defaults to `jobs`. Tests that do not run jobs pass a recorder. */
  jobSender?: JobSender
  /** How often realtime checks its sockets' sessions (a minute by default; its test shortens it). */
  sessionSweepMs?: number
}

export type { AppServices } from './compose/index.ts'

export async function buildApp({
  config,
  database,
  clock = systemClock,
  logStream,
  mailer,
  balances,
  jobs,
  jobSender,
  sessionSweepMs,
}: AppDeps): Promise<FastifyInstance> {
  const sender = jobSender ?? (jobs ? pgBossSender(jobs) : undefined)
  if (!sender) throw new Error('buildApp needs a job queue (jobs) or a jobSender')
  const app = Fastify({
    logger: logStream
      ? { ...loggerOptions(config.logLevel), stream: logStream }
      : loggerOptions(config.logLevel),
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID()
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandler(app)
  installJsonBodies(app)

  const publicConfig: ClientConfig = {
    signing_key: config.signingClientKey,
    google_client_id: config.google.clientId ?? null,
    google_auth_url: config.google.clientId ? config.google.authUrl : null,
    version: config.version,
    sandbox_parts: [...config.sandboxParts],
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        // WebAssembly only (the upload md5 in the composer's worker), never eval of strings.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  await registerRateLimits(app, {
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  })
  await app.register(multipart)
  // Read by the refresh call only (the web app's HttpOnly session cookie, modules/auth/session-transport.ts).
  await app.register(cookie)
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Velvet API',
          version: config.version,
          description: 'Generated from packages/contract.',
        },
      },
      transform: jsonSchemaTransform,
    })
    await app.register(swaggerUi, { routePrefix: '/docs' })
  }

  await compose(app, {
    config,
    database,
    clock,
    mailer,
    balances,
    jobs,
    sender,
    sessionSweepMs,
    publicConfig,
  })

  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'media', 'portraits'),
    prefix: '/media/portraits/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=86400'),
  })
  await serveWebApp(app, config.webDist, publicConfig)

  app.setNotFoundHandler((req, reply) => {
    const message = isApiPath(req.url) ? ErrorCodes.NotFound.message : 'This page could not be found'
    return reply.status(404).send({ result: 'error', error: { code: ErrorCodes.NotFound.code, message } })
  })
  return app
}
