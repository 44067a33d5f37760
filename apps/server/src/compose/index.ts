import { mkdirSync } from 'node:fs'
import type { ClientConfig, SessionUser } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import type { AccountBalances } from '../modules/account/balances.ts'
import { createEmailPreferencesService } from '../modules/account/email-service.ts'
import { createAccountRepo } from '../modules/account/repo.ts'
import { registerAccountRoutes } from '../modules/account/routes.ts'
import { createAccountService } from '../modules/account/service.ts'
import { createAuthEvents } from '../modules/auth/events.ts'
import { createGoogleVerifier } from '../modules/auth/google.ts'
import { authWorkers } from '../modules/auth/jobs.ts'
import { createAuthRepo } from '../modules/auth/repo.ts'
import { registerAuthRoutes } from '../modules/auth/routes.ts'
import { type AuthService, createAuthService } from '../modules/auth/service.ts'
import { createSessionTransport } from '../modules/auth/session-transport.ts'
import { createPageTokens } from '../modules/auth/tokens.ts'
import { wireChat } from '../modules/chat/wiring.ts'
import { createCreatorRepo } from '../modules/creator/repo.ts'
import { registerCreatorRoutes } from '../modules/creator/routes.ts'
import { createSandboxRepo } from '../modules/creator/sandbox-repo.ts'
import { createCreatorService } from '../modules/creator/service.ts'
import { wireDemo } from '../modules/demo/wiring.ts'
import { emailWorkers } from '../modules/email/jobs.ts'
import { createEmailRepo } from '../modules/email/repo.ts'
import { createEmailNotices } from '../modules/email/service.ts'
import { wireLedger } from '../modules/ledger/wiring.ts'
import { wireMass } from '../modules/mass/wiring.ts'
import { wireMedia } from '../modules/media/wiring.ts'
import { Notices, noticePerson } from '../modules/notifications/payloads.ts'
import { createNotificationRepo } from '../modules/notifications/repo.ts'
import { registerNotificationRoutes } from '../modules/notifications/routes.ts'
import { createNotificationService } from '../modules/notifications/service.ts'
import { type PostsModule, wirePosts } from '../modules/posts/wiring.ts'
import { createPushRepo } from '../modules/push/repo.ts'
import { registerPushRoutes } from '../modules/push/routes.ts'
import { createPushService } from '../modules/push/service.ts'
import { wireSocialModules } from '../modules/social/wiring.ts'
import { createSystemRepo } from '../modules/system/repo.ts'
import { registerSystemRoutes } from '../modules/system/routes.ts'
import { createSystemService } from '../modules/system/service.ts'
import { createUsersRepo } from '../modules/users/repo.ts'
import { registerUsersRoutes } from '../modules/users/routes.ts'
import { createUsersService } from '../modules/users/service.ts'
import type { Clock } from '../platform/clock.ts'
import { type Config, loadSecrets } from '../platform/config.ts'
import { type Database, pingDatabase } from '../platform/db.ts'
import { countryOf, createGeoLocator } from '../platform/geoip.ts'
import { createSandboxPartner } from '../platform/identity/sandbox.ts'
import { registerSandboxRoutes } from '../platform/identity/sandbox-routes.ts'
import { type JobSender, type Jobs, registerJobs } from '../platform/jobs.ts'
import { createMailer, type Mailer } from '../platform/mail.ts'
import { createReturnOrigins, installReturnOrigins } from '../platform/origins.ts'
import { createPushSender, loadVapidKeys } from '../platform/push.ts'
import { attachRealtime } from '../platform/realtime.ts'
import { installRequestSigning } from '../platform/signing.ts'
import { createStorage } from '../platform/storage.ts'
import { installChangeHook, startUserChanges } from '../platform/user-changes.ts'
import { cachedViewers, installViewer } from '../platform/viewer.ts'
import { createWindowCounter } from '../platform/window-counter.ts'
import { lateBound } from './late.ts'
import { wireMoney } from './money.ts'
import type { AppServices } from './services.ts'

export type { AppServices } from './services.ts'

export interface ComposeDeps {
  config: Readonly<Config>
  database: Database
  clock: Clock
  mailer?: Mailer
  /** Negative-balance check for deleting an account (default: the ledger's user accounts). */
  balances?: AccountBalances
  /** The job queue; workers are registered on it unless RUN_MODE=web. */
  jobs?: Jobs
  /** Where modules enqueue jobs. */
  sender: JobSender
  sessionSweepMs?: number
  /** The configuration the web app reads (GET /api/config and the served index.html). */
  publicConfig: ClientConfig
}

/**
 * The composition root: builds every module in dependency order (each line uses only what lines above it
 * built), registers the job workers, decorates `app.services`, installs the request hooks and registers the
 * routes. Two pairs of modules need each other; each pair is joined by a late-bound port (see below).
 */
export async function compose(app: FastifyInstance, deps: ComposeDeps): Promise<AppServices> {
  const { config, database, clock, jobs, sender: jobSender } = deps
  const db = database.db
  const now = () => clock.now().getTime()
  const storage = createStorage(config)
  const portraitUrl = (key: string) => storage.publicUrl(key)
  // GeoIP (blocked locations, session countries): the database loads on the first public-address lookup.
  const geo = createGeoLocator()
  // Realtime and auth need each other: the gateway resolves handshake tokens with the auth service, and auth
  // emits through the gateway. Realtime is built first with this port; auth is bound to it below.
  const viewers = lateBound<Pick<AuthService, 'resolveViewer' | 'liveSessions'>>('auth (for realtime)')
  const realtime = await attachRealtime(app, {
    resolveViewer: (token) => viewers.get().resolveViewer(token),
    liveSessions: (sessionIds) => viewers.get().liveSessions(sessionIds),
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
    sessionSweepMs: deps.sessionSweepMs,
  })
  // What changed lately, for the session and feed caches (on every process through Redis).
  const changes = await startUserChanges({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    now,
    log: app.log.child({ name: 'changes' }),
  })
  app.addHook('onClose', async () => changes.close())
  const accountRepo = createAccountRepo(db)
  const mail = deps.mailer ?? createMailer({ ...config.mail, log: app.log })
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
  // The ledger needs only the database: built early, account deletion and e-mail notices read balances.
  const ledger = await wireLedger({ db, clock })
  const emailPreferences = createEmailPreferencesService({
    repo: accountRepo,
    secret: secrets.appSecret,
    publicUrl: config.publicUrl,
  })
  const vapid = loadVapidKeys(config.push, config.dataDir)
  const push = createPushService({
    repo: createPushRepo(db),
    sender: createPushSender({ vapid, allowHttp: config.push.allowHttp }),
    vapidPublicKey: vapid.publicKey,
    clock,
    log: app.log.child({ name: 'push' }),
  })
  const emails = createEmailNotices({
    repo: createEmailRepo(db),
    jobs: jobSender,
    mailer: mail,
    preferences: emailPreferences,
    isOnline: (userId) => realtime.isOnline(userId),
    balanceCents: (userId) => ledger.earningsCents(userId),
    publicUrl: config.publicUrl,
    postalAddress: config.mail.postalAddress,
    log: app.log.child({ name: 'email' }),
  })
  const notifications = createNotificationService({
    repo: createNotificationRepo(db),
    realtime,
    push,
    emails,
    clock,
    log: app.log.child({ name: 'notifications' }),
  })
  /** A new follower (NotifyType.NewFollower): a banner when online, else a web push; never fails the follow. */
  const tellFollowed = (follower: SessionUser, followeeId: number) =>
    notifications
      .publish(
        followeeId,
        Notices.newFollower({ follower: noticePerson(follower, 'Someone'), userName: follower.user_name }),
      )
      .catch((err: unknown) => app.log.warn({ err, followeeId }, 'follow notification failed'))
  // Social and posts need each other: reporting a post asks posts whether the reporter can see it, and posts
  // read follows and blocks. Social is built first with this port; posts is bound to it below.
  const reportablePosts = lateBound<Pick<PostsModule, 'assertReportable'>>('posts (for social reports)')
  const socialModules = wireSocialModules({
    db,
    realtime,
    geo,
    clock,
    portraitUrl,
    onFollowed: (follower, followeeId) => void tellFollowed(follower, followeeId),
    assertPostReportable: (reporterId, postId, ip) =>
      reportablePosts.get().assertReportable(reporterId, postId, ip),
  })
  const authRepo = createAuthRepo(db)
  const auth = createAuthService({
    repo: authRepo,
    mailer: mail,
    clock,
    verifyGoogle: config.google.clientId
      ? createGoogleVerifier({
          clientId: config.google.clientId,
          issuer: config.google.issuer,
          jwksUrl: config.google.jwksUrl,
        })
      : null,
    portraitUrl,
    events: authEvents,
    legal: accountRepo,
    limitCounter,
    pageTokens: createPageTokens(secrets.appSecret),
    countryOf: (ip) => countryOf(geo, ip),
    isNameReserved: (name) => socialModules.profiles.isNameReserved(name),
  })
  viewers.bind(auth)
  const account = createAccountService({
    repo: accountRepo,
    codes: auth,
    events: authEvents,
    balances: deps.balances ?? { hasNegativeBalance: (userId) => ledger.hasNegativeBalance(userId) },
    forget: (userId, tx) => socialModules.social.forgetAccount(userId, tx),
    clock,
  })
  // The built-in sandbox is the only identity partner today (IDV_PROVIDER=sandbox): it approves whatever
  // the person chooses on its page, so it is a stand-in until a real partner's adapter is written.
  const sandbox = createSandboxPartner({
    store: createSandboxRepo(db),
    secret: secrets.idvWebhookSecret,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    clock,
    delayMs: config.identity.sandboxDelayMs,
    log: app.log.child({ name: 'identity-sandbox' }),
  })
  app.addHook('onClose', async () => sandbox.close())
  const creator = createCreatorService({
    repo: createCreatorRepo(db),
    legal: accountRepo,
    provider: sandbox.provider,
    events: authEvents,
    portraitUrl,
    publicUrl: config.publicUrl,
    clock,
    log: app.log.child({ name: 'creator' }),
  })
  const media = wireMedia({
    db,
    storage,
    jobs: jobSender,
    clock,
    secret: secrets.appSecret,
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    log: app.log.child({ name: 'media' }),
    s3: config.s3,
    mediaTools: config.mediaTools,
  })
  const posts = wirePosts({
    db,
    media: media.service,
    social: socialModules.social,
    safety: socialModules.safety,
    creator,
    realtime,
    notifications,
    changes,
    jobs: jobSender,
    clock,
    publicUrl: config.publicUrl,
    portraitUrl,
    log: app.log.child({ name: 'posts' }),
  })
  reportablePosts.bind(posts)
  const money = wireMoney({
    db,
    config,
    ledger,
    entitlements: posts.entitlements,
    media: media.service,
    social: socialModules.social,
    safety: socialModules.safety,
    creator,
    notifications,
    realtime,
    emailPreferences,
    jobs: jobSender,
    clock,
    secret: secrets.appSecret,
    publicUrl: config.publicUrl,
    portraitUrl,
    log: app.log.child({ name: 'money' }),
  })
  app.addHook('onClose', async () => money.close())
  const chat = wireChat({
    db,
    social: socialModules.social,
    realtime,
    notifications,
    media: media.service,
    ledger,
    sales: money.sales,
    creator,
    clock,
    portraitUrl,
    log: app.log.child({ name: 'chat' }),
  })
  const system = createSystemService({
    repo: createSystemRepo(db),
    notifications,
    chatUnread: (userId) => chat.service.unreadTotals(userId),
    clock,
    log: app.log.child({ name: 'system' }),
  })
  const users = createUsersService({ repo: createUsersRepo(db), settings: system, clock })
  const demo = wireDemo({
    db,
    enabled: config.seedDemo,
    auth,
    creator,
    system,
    plans: money.memberships.plans,
    storage,
    media,
    posts,
    clock,
    dataDir: config.dataDir,
    mediaTools: config.mediaTools,
    log: app.log.child({ name: 'demo' }),
  })
  const mass = wireMass({
    db,
    chat: chat.service,
    creator,
    media: media.service,
    jobs: jobSender,
    clock,
    recipientsMax: config.massRecipientsMax,
    publicUrl: config.publicUrl,
    log: app.log.child({ name: 'mass' }),
  })

  if (jobs && config.runMode !== 'web') {
    await registerJobs(jobs, [
      ...authWorkers({ repo: authRepo, clock }),
      ...media.workers,
      ...posts.workers,
      ...money.workers,
      ...emailWorkers(emails.deliver),
      ...chat.workers,
      ...mass.workers,
    ])
  }
  const services: AppServices = {
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
  }
  app.decorate('services', services)

  installViewer(app, cachedViewers(auth.resolveViewer, { changes, now }))
  installChangeHook(app, changes)
  installRequestSigning(app, { clientKey: config.signingClientKey, now })
  installReturnOrigins(
    app,
    createReturnOrigins({ publicUrl: config.publicUrl, production: config.env === 'production' }),
  )

  registerSystemRoutes(app, {
    publicConfig: deps.publicConfig,
    now,
    ready: () => pingDatabase(db),
    system,
  })
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
  return services
}
