import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { type ClientConfig, ErrorCodes, NotifyType, type SessionUser } from '@velvet/contract'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import type { AccountBalances } from './modules/account/balances.ts'
import {
  createEmailPreferencesService,
  type EmailPreferencesService,
} from './modules/account/email-service.ts'
import { createAccountRepo } from './modules/account/repo.ts'
import { registerAccountRoutes } from './modules/account/routes.ts'
import { createAccountService } from './modules/account/service.ts'
import { createAuthEvents } from './modules/auth/events.ts'
import { createGoogleVerifier } from './modules/auth/google.ts'
import { createAuthRepo } from './modules/auth/repo.ts'
import { registerAuthRoutes } from './modules/auth/routes.ts'
import { createAuthService } from './modules/auth/service.ts'
import { createSessionTransport } from './modules/auth/session-transport.ts'
import { createPageTokens } from './modules/auth/tokens.ts'
import type { ChatService } from './modules/chat/service.ts'
import { wireChat } from './modules/chat/wiring.ts'
import { createCreatorRepo } from './modules/creator/repo.ts'
import { registerCreatorRoutes } from './modules/creator/routes.ts'
import { createSandboxRepo } from './modules/creator/sandbox-repo.ts'
import { type CreatorService, createCreatorService } from './modules/creator/service.ts'
import type { DemoService } from './modules/demo/service.ts'
import { wireDemo } from './modules/demo/wiring.ts'
import { registerEmailWorkers } from './modules/email/jobs.ts'
import { createEmailRepo } from './modules/email/repo.ts'
import { createEmailNotices, type EmailNotices } from './modules/email/service.ts'
import { type MoneyModules, wireMoney } from './modules/ledger/wiring.ts'
import { type MassModule, wireMass } from './modules/mass/wiring.ts'
import { wireMedia } from './modules/media/wiring.ts'
import { createNotificationRepo } from './modules/notifications/repo.ts'
import { registerNotificationRoutes } from './modules/notifications/routes.ts'
import { createNotificationService, type NotificationService } from './modules/notifications/service.ts'
import { wirePosts } from './modules/posts/wiring.ts'
import { createPushRepo } from './modules/push/repo.ts'
import { registerPushRoutes } from './modules/push/routes.ts'
import { createPushService, type PushService } from './modules/push/service.ts'
import { type SocialModules, wireSocialModules } from './modules/social/wiring.ts'
import { createSystemRepo } from './modules/system/repo.ts'
import { registerSystemRoutes } from './modules/system/routes.ts'
import { createSystemService, type SystemService } from './modules/system/service.ts'
import { createUsersRepo } from './modules/users/repo.ts'
import { registerUsersRoutes } from './modules/users/routes.ts'
import { createUsersService } from './modules/users/service.ts'
import { type Clock, systemClock } from './platform/clock.ts'
import { type Config, loadSecrets } from './platform/config.ts'
import { type Database, pingDatabase } from './platform/db.ts'
import { installErrorHandler } from './platform/error-handler.ts'
import { countryOf, createGeoLocator } from './platform/geoip.ts'
import { createSandboxPartner } from './platform/identity/sandbox.ts'
import { registerSandboxRoutes } from './platform/identity/sandbox-routes.ts'
import { type JobSender, type Jobs, pgBossSender } from './platform/jobs.ts'
import { installJsonBodies } from './platform/json-body.ts'
import { loggerOptions } from './platform/logger.ts'
import { createMailer, type Mailer } from './platform/mail.ts'
import { createReturnOrigins, installReturnOrigins } from './platform/origins.ts'
import { createPushSender, loadVapidKeys } from './platform/push.ts'
import { registerRateLimits } from './platform/rate-limits.ts'
import { attachRealtime, type Realtime } from './platform/realtime.ts'
import { installRequestSigning } from './platform/signing.ts'
import { createStorage } from './platform/storage.ts'
import { installChangeHook, startUserChanges } from './platform/user-changes.ts'
import { cachedViewers, installViewer } from './platform/viewer.ts'
import { isApiPath, serveWebApp } from './platform/web.ts'
import { createWindowCounter } from './platform/window-counter.ts'

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

/** The services other modules, jobs and tests reach (`app.services`). */
export interface AppServices {
  realtime: Realtime
  notifications: NotificationService
  push: PushService
  system: SystemService
  /** Blocks and follows (isBlockedEitherWay, assertNotBlocked) for later modules. */
  social: SocialModules['social']
  /** Blocked locations (assertVisible) for posts, media and live. */
  safety: SocialModules['safety']
  /** Unsubscribe links, List-Unsubscribe headers and `wantsEmail` for every mail sender. */
  emailPreferences: EmailPreferencesService
  /** Notification e-mails: their jobs and the worker's `deliver`. */
  emails: EmailNotices
  /** `assertVerifiedCreator` for paid content and live. */
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  /** Demo content on an empty database (main runs `seed` after listening, in run modes with workers). */
  demo: DemoService
  /**
   * The ledger (the one service that moves money), sales, card payments, memberships and withdrawals (their
   * job's `advance`, which tests drive directly) (issue 6).
   */
  money: Pick<MoneyModules, 'ledger' | 'sales' | 'payments' | 'memberships' | 'payouts'>
  chat: ChatService
  /** Starting and delivering mass messages (the jobs call it; tests drive it directly). */
  mass: MassModule['sender']
  /** Unlocks and memberships as posts see them. */
  entitlements: ReturnType<typeof wirePosts>['entitlements']
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices
  }
}

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

  const now = () => clock.now().getTime()
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

  const storage = createStorage(config)
  // GeoIP (blocked locations, session countries): the database loads on the first public-address lookup.
  const geo = createGeoLocator()
  // The gateway resolves handshake tokens with the auth service, which in turn emits through the gateway.
  const realtime = await attachRealtime(app, {
    resolveViewer: (token) => auth.resolveViewer(token),
    liveSessions: (sessionIds) => auth.liveSessions(sessionIds),
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
    sessionSweepMs,
  })
  // What changed lately, for the session and feed caches (on every process through Redis).
  const changes = await startUserChanges({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    now,
    log: app.log.child({ name: 'changes' }),
  })
  app.addHook('onClose', async () => changes.close())
  const accountRepo = createAccountRepo(database.db)
  const mail = mailer ?? createMailer({ ...config.mail, log: app.log })
  const socketEvents = createAuthEvents(realtime)
  const authEvents: typeof socketEvents = {
    ...socketEvents,
    userChanged(user) {
      changes.changed(user.user_id)
      socketEvents.userChanged(user)
    },
  }
  // Per-e-mail sign-in limits (auth): shared by every process through Redis when it is configured.
  const limitCounter = await createWindowCounter({
    redisUrl: config.redisUrl,
    prefix: `${config.redisPrefix}limit:`,
    log: app.log,
  })
  app.addHook('onClose', async () => limitCounter.close())
  mkdirSync(config.dataDir, { recursive: true })
  const secrets = loadSecrets(config)
  const auth = createAuthService({
    repo: createAuthRepo(database.db),
    mailer: mail,
    clock,
    verifyGoogle: config.google.clientId
      ? createGoogleVerifier({
          clientId: config.google.clientId,
          issuer: config.google.issuer,
          jwksUrl: config.google.jwksUrl,
        })
      : null,
    portraitUrl: (key) => storage.publicUrl(key),
    events: authEvents,
    legal: accountRepo,
    limitCounter,
    pageTokens: createPageTokens(secrets.appSecret),
    countryOf: (ip) => countryOf(geo, ip),
    // Called at request time, once the social modules below are wired.
    isNameReserved: (name) => socialModules.profiles.isNameReserved(name),
  })
  const account = createAccountService({
    repo: accountRepo,
    codes: auth,
    events: authEvents,
    // Read at request time: the ledger is wired further down.
    balances: balances ?? { hasNegativeBalance: (userId) => money.ledger.hasNegativeBalance(userId) },
    // Called at request time, once the social modules below are wired.
    forget: (userId, tx) => socialModules.social.forgetAccount(userId, tx),
    clock,
  })
  const emailPreferences = createEmailPreferencesService({
    repo: accountRepo,
    secret: secrets.appSecret,
    publicUrl: config.publicUrl,
  })
  // The built-in sandbox is the only identity partner today (IDV_PROVIDER=sandbox): it approves whatever
  // the person chooses on its page, so it is a stand-in until a real partner's adapter is written.
  const sandbox = createSandboxPartner({
    store: createSandboxRepo(database.db),
    secret: secrets.idvWebhookSecret,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    clock,
    delayMs: config.identity.sandboxDelayMs,
    log: app.log.child({ name: 'identity-sandbox' }),
  })
  app.addHook('onClose', async () => sandbox.close())
  const creator = createCreatorService({
    repo: createCreatorRepo(database.db),
    legal: accountRepo,
    provider: sandbox.provider,
    events: authEvents,
    portraitUrl: (key: string) => storage.publicUrl(key),
    publicUrl: config.publicUrl,
    clock,
    log: app.log.child({ name: 'creator' }),
  })
  const vapid = loadVapidKeys(config.push, config.dataDir)
  const push = createPushService({
    repo: createPushRepo(database.db),
    sender: createPushSender({ vapid, allowHttp: config.push.allowHttp }),
    vapidPublicKey: vapid.publicKey,
    clock,
    log: app.log.child({ name: 'push' }),
  })
  const emails = createEmailNotices({
    repo: createEmailRepo(database.db),
    jobs: sender,
    mailer: mail,
    preferences: emailPreferences,
    isOnline: (userId) => realtime.isOnline(userId),
    // Called at job time, once the ledger below is wired.
    balanceCents: (userId) => money.ledger.earningsCents(userId),
    publicUrl: config.publicUrl,
    postalAddress: config.mail.postalAddress,
    log: app.log.child({ name: 'email' }),
  })
  const notifications = createNotificationService({
    repo: createNotificationRepo(database.db),
    realtime,
    push,
    emails,
    clock,
    log: app.log.child({ name: 'notifications' }),
  })
  const system = createSystemService({
    repo: createSystemRepo(database.db),
    notifications,
    // Called at request time, once the chat module below is wired.
    chatUnread: (userId) => chat.service.unreadTotals(userId),
    clock,
    log: app.log.child({ name: 'system' }),
  })
  const users = createUsersService({ repo: createUsersRepo(database.db), settings: system, clock })
  /** A new follower (NotifyType.NewFollower): a banner when online, else a web push; never fails the follow. */
  const tellFollowed = (follower: SessionUser, followeeId: number) =>
    notifications
      .publish(followeeId, {
        notify_type: NotifyType.NewFollower,
        is_show: 1,
        is_add: 1,
        show_seconds: null,
        link: follower.user_name ? `/@${follower.user_name}` : null,
        left: { content: follower.portrait, type: 1 },
        middle: {
          title: follower.nickname ?? follower.user_name ?? 'Someone',
          summary: 'started following you',
        },
        right: null,
        meta: {},
        content: 'started following you',
      })
      .catch((err: unknown) => app.log.warn({ err, followeeId }, 'follow notification failed'))
  const socialModules = wireSocialModules({
    db: database.db,
    realtime,
    geo,
    clock,
    portraitUrl: (key) => storage.publicUrl(key),
    onFollowed: (follower, followeeId) => void tellFollowed(follower, followeeId),
    // Called at request time, once the posts module below is wired.
    assertPostReportable: (reporterId, postId, ip) => posts.assertReportable(reporterId, postId, ip),
  })
  const media = wireMedia({
    db: database.db,
    storage,
    jobs: sender,
    clock,
    secret: secrets.appSecret,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    log: app.log.child({ name: 'media' }),
    s3: config.s3,
    mediaTools: config.mediaTools,
  })
  const posts = wirePosts({
    db: database.db,
    media: media.service,
    social: socialModules.social,
    safety: socialModules.safety,
    creator,
    realtime,
    notifications,
    changes,
    jobs: sender,
    clock,
    publicUrl: config.publicUrl,
    portraitUrl: (key) => storage.publicUrl(key),
    log: app.log.child({ name: 'posts' }),
  })
  const demo = wireDemo({
    db: database.db,
    enabled: config.seedDemo,
    auth,
    creator,
    system,
    storage,
    media,
    posts,
    clock,
    dataDir: config.dataDir,
    mediaTools: config.mediaTools,
    log: app.log.child({ name: 'demo' }),
  })
  const money = await wireMoney({
    db: database.db,
    config,
    entitlements: posts.entitlements,
    media: media.service,
    social: socialModules.social,
    safety: socialModules.safety,
    creator,
    notifications,
    realtime,
    emailPreferences,
    jobs: sender,
    clock,
    secret: secrets.appSecret,
    publicUrl: config.publicUrl,
    portraitUrl: (key) => storage.publicUrl(key),
    log: app.log.child({ name: 'money' }),
  })
  app.addHook('onClose', async () => money.close())
  const chat = wireChat({
    db: database.db,
    social: socialModules.social,
    realtime,
    notifications,
    media: media.service,
    ledger: money.ledger,
    sales: money.sales,
    creator,
    clock,
    portraitUrl: (key) => storage.publicUrl(key),
    log: app.log.child({ name: 'chat' }),
  })
  const mass = wireMass({
    db: database.db,
    chat: chat.service,
    creator,
    media: media.service,
    jobs: sender,
    clock,
    recipientsMax: config.massRecipientsMax,
    publicUrl: config.publicUrl,
    log: app.log.child({ name: 'mass' }),
  })
  if (jobs && config.runMode !== 'web') {
    await media.registerWorkers(jobs)
    await posts.registerWorkers(jobs)
    await money.registerWorkers(jobs)
    await registerEmailWorkers(jobs, emails.deliver)
    await chat.registerWorkers(jobs)
    await mass.registerWorkers(jobs)
  }
  app.decorate('services', {
    realtime,
    notifications,
    push,
    system,
    social: socialModules.social,
    safety: socialModules.safety,
    emailPreferences,
    emails,
    creator,
    demo,
    money,
    chat: chat.service,
    mass: mass.sender,
    entitlements: posts.entitlements,
  })

  installViewer(app, cachedViewers(auth.resolveViewer, { changes, now }))
  installChangeHook(app, changes)
  installRequestSigning(app, { clientKey: config.signingClientKey, now })
  installReturnOrigins(
    app,
    createReturnOrigins({ publicUrl: config.publicUrl, production: config.env === 'production' }),
  )

  registerSystemRoutes(app, { publicConfig, now, ready: () => pingDatabase(database.db), system })
  const sessions = createSessionTransport({
    auth,
    secure: config.env === 'production' || config.publicUrl.startsWith('https:'),
    now,
  })
  registerAuthRoutes(app, { auth, sessions, storage })
  registerPushRoutes(app, { push })
  registerNotificationRoutes(app, { notifications })
  registerUsersRoutes(app, { users, profiles: socialModules.profiles })
  socialModules.register(app)
  chat.register(app)
  registerAccountRoutes(app, { account, emails: emailPreferences })
  registerCreatorRoutes(app, { creator, provider: sandbox.provider, clock })
  registerSandboxRoutes(app, { sandbox, clock })
  await media.register(app)
  posts.register(app)
  await money.register(app)
  mass.register(app)

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
