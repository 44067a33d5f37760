import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { MassRules, type ProviderPart } from '@velvet/contract'
import { z } from 'zod'
import type { PoolSettings } from './db.ts'

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional()

/** An optional secret: empty counts as unset, anything else must be long enough. */
const optionalSecret = (min: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(min, `must be at least ${min} characters`).optional())
    .optional()

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

// -- Database pool limits and the Redis prefix (found under load and faults) --

/** Milliseconds, 0 turning the limit off. */
const millis = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback)

const DeploymentEnv = {
  /** PostgreSQL connections per process (pg-boss keeps its own few beside them). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a call waits for a free connection before it answers 1020 "busy, try again" (HTTP 503). */
  DB_POOL_WAIT_MS: millis(3_000),
  /** The longest one statement may run (PostgreSQL statement_timeout). */
  DB_STATEMENT_TIMEOUT_MS: millis(30_000),
  /** The longest a statement waits for a locked row (lock_timeout); then the call answers 1020. */
  DB_LOCK_TIMEOUT_MS: millis(5_000),
  /** A transaction left open and idle this long is ended (idle_in_transaction_session_timeout). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(60_000),
  /** Before every Redis channel and key of this deployment (several deployments may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'use 1-100 letters, digits and . _ : -')
        .optional(),
    )
    .optional(),
}

/** A name made safe for Redis channel patterns (socket.io subscribes with `<prefix>…*`). */
const redisSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80) || 'velvet'

/**
 * REDIS_PREFIX, else one derived from what a deployment's processes share and two deployments do not: the
 * PostgreSQL database's name, or (PGlite, one process) the public address. Redis pub/sub ignores the
 * database number of REDIS_URL, so without a prefix two deployments on one Redis hear each other.
 */
function redisPrefixOf(e: {
  REDIS_PREFIX?: string
  DATABASE_URL?: string
  PUBLIC_URL?: string
  PORT: number
}) {
  if (e.REDIS_PREFIX) return e.REDIS_PREFIX.endsWith(':') ? e.REDIS_PREFIX : `${e.REDIS_PREFIX}:`
  if (e.DATABASE_URL) {
    const url = new URL(e.DATABASE_URL)
    // No database in the URL: PostgreSQL connects to the one named like the user.
    const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username)
    return `velvet:${redisSafe(name || 'postgres')}:`
  }
  return `velvet:${redisSafe(new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).host)}:`
}

// -- end of the pool and Redis prefix block --

const EnvSchema = z.object({
  ...DeploymentEnv,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().optional(),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  RUN_MODE: z.enum(['web', 'worker', 'both']).default('both'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  SIGNING_CLIENT_KEY: z.string().min(8).default('velvet-web-client-v1'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Velvet <no-reply@velvet.local>'),
  /** The sender's postal address, printed in the footer of notification e-mails (anti-spam laws want one). */
  MAIL_POSTAL_ADDRESS: z.string().trim().max(300).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Recipients of one mass message (DESIGN §8: 5,000 unless configured). */
  MASS_RECIPIENTS_MAX: z.coerce.number().int().positive().max(1_000_000).default(MassRules.recipientsMax),
  APP_VERSION: z.string().default('0.1.0'),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')
    .default('mailto:support@velvet.local'),
  /** Accept plain-http push endpoints (only loopback test push services need this). */
  PUSH_ALLOW_HTTP: bool,
  /** Keys server-made signatures (e-mail unsubscribe links); generated into DATA_DIR/secret.json when absent. */
  APP_SECRET: optionalSecret(32),
  /** The identity-check partner of host verification (only the built-in sandbox exists today). */
  IDV_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The partner's webhook signing secret; generated into DATA_DIR/secret.json when absent (sandbox). */
  IDV_WEBHOOK_SECRET: optionalSecret(16),
  /** How long the sandbox partner waits before posting its decision webhook. */
  IDV_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** The card payment provider (only the built-in sandbox exists today). */
  PAYMENTS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The provider's webhook signing secret; derived from APP_SECRET when absent (sandbox). */
  PAYMENTS_WEBHOOK_SECRET: optionalSecret(16),
  /** How long the sandbox provider waits before posting a webhook; -1: never on its own (tests drive it). */
  PAYMENTS_SANDBOX_DELAY_MS: z.coerce.number().int().min(-1).max(600_000).default(1000),
  /** The payout provider (only the built-in sandbox exists today). */
  PAYOUTS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * Lets a production server run with sandbox providers (a staging server): without it, production refuses
   * to start while any provider is the sandbox. Every page then shows the test-mode banner.
   */
  ALLOW_SANDBOX_PROVIDERS: bool,
  /** The OpenAPI document at /docs and /docs/json (on unless '0' or 'false': the API is public by design). */
  API_DOCS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** ffmpeg / ffprobe binaries; unset: the ones on PATH, else those shipped in the npm packages. */
  FFMPEG_PATH: z.string().trim().optional(),
  FFPROBE_PATH: z.string().trim().optional(),
  /** S3-compatible object storage for media; unset bucket: local disk under DATA_DIR/media. */
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Address buckets as https://endpoint/bucket (MinIO and most self-hosted stores need it). */
  S3_FORCE_PATH_STYLE: bool,
  /** Demo creators and posts on a database without accounts (on unless '0' or 'false'). */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
})

export type Env = z.input<typeof EnvSchema>

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string
  dataDir: string
  webDist: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** PostgreSQL pool size and limits; `redisPrefix` begins every Redis channel and key. */
  databasePool: Readonly<PoolSettings>
  redisPrefix: string
  runMode: 'web' | 'worker' | 'both'
  logLevel: string
  trustProxy: boolean
  signingClientKey: string
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; postalAddress: string | undefined }
  google: { clientId: string | undefined; issuer: string; jwksUrl: string; authUrl: string }
  rateLimitPerMinute: number
  /** Recipients of one mass message at most. */
  massRecipientsMax: number
  version: string
  /** Keys given in the environment; when both are absent they are generated into DATA_DIR/vapid.json. */
  push: {
    vapidPublicKey: string | undefined
    vapidPrivateKey: string | undefined
    subject: string
    allowHttp: boolean
  }
  /** Given in the environment, else generated once into DATA_DIR/secret.json (see loadSecrets). */
  appSecret: string | undefined
  identity: { provider: 'sandbox'; webhookSecret: string | undefined; sandboxDelayMs: number }
  /** Card payments: the provider, its webhook secret, the sandbox's webhook delay (-1: manual). */
  payments: { provider: 'sandbox'; webhookSecret: string | undefined; sandboxDelayMs: number }
  payouts: { provider: 'sandbox' }
  /** The parts that run on a built-in sandbox (the web app shows a test-mode banner while any does). */
  sandboxParts: readonly ProviderPart[]
  /** Serve the OpenAPI document at /docs (API_DOCS). */
  apiDocs: boolean
  /** Object storage for media; undefined: local disk under DATA_DIR/media. */
  s3: S3Config | undefined
  /** Explicit ffmpeg / ffprobe binaries (see platform/media-tools.ts for the fallbacks). */
  mediaTools: { ffmpegPath: string | undefined; ffprobePath: string | undefined }
  /** Seed demo content once, when a worker process finds a database without accounts (SEED_DEMO). */
  seedDemo: boolean
}

export interface S3Config {
  bucket: string
  region: string
  /** Any S3-compatible endpoint (MinIO, R2, ...); undefined: AWS itself. */
  endpoint: string | undefined
  /** Both or neither; neither: the AWS SDK's default credential chain (instance roles, ...). */
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

export class ConfigError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

/** Parse the environment once; throws ConfigError listing every bad variable. */
export function readConfig(env: Record<string, string | undefined>): Readonly<Config> {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const e = parsed.data
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither'])
  }
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.MAIL_POSTAL_ADDRESS) {
    throw new ConfigError([
      'MAIL_POSTAL_ADDRESS: required in production when SMTP_URL is set (notification e-mails carry the ' +
        "sender's postal address in their footer)",
    ])
  }
  const s3Problems = checkS3(e)
  if (s3Problems.length > 0) throw new ConfigError(s3Problems)
  const sandboxParts = sandboxPartsOf(e)
  if (e.NODE_ENV === 'production' && sandboxParts.length > 0 && !e.ALLOW_SANDBOX_PROVIDERS) {
    throw new ConfigError(sandboxRefusals(sandboxParts))
  }
  const dataDir = path.resolve(e.DATA_DIR)
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    databasePool: Object.freeze({
      max: e.DB_POOL_MAX,
      waitMs: e.DB_POOL_WAIT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
    redisPrefix: redisPrefixOf(e),
    runMode: e.RUN_MODE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    signingClientKey: e.SIGNING_CLIENT_KEY,
    mail: Object.freeze({
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      postalAddress: e.MAIL_POSTAL_ADDRESS || undefined,
    }),
    google: Object.freeze({
      clientId: e.GOOGLE_CLIENT_ID || undefined,
      issuer: e.GOOGLE_ISSUER,
      jwksUrl: e.GOOGLE_JWKS_URL,
      authUrl: e.GOOGLE_AUTH_URL,
    }),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    massRecipientsMax: e.MASS_RECIPIENTS_MAX,
    version: e.APP_VERSION,
    push: Object.freeze({
      vapidPublicKey: e.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY || undefined,
      subject: e.VAPID_SUBJECT,
      allowHttp: e.PUSH_ALLOW_HTTP,
    }),
    appSecret: e.APP_SECRET,
    identity: Object.freeze({
      provider: e.IDV_PROVIDER,
      webhookSecret: e.IDV_WEBHOOK_SECRET,
      sandboxDelayMs: e.IDV_SANDBOX_DELAY_MS,
    }),
    payments: Object.freeze({
      provider: e.PAYMENTS_PROVIDER,
      webhookSecret: e.PAYMENTS_WEBHOOK_SECRET,
      sandboxDelayMs: e.PAYMENTS_SANDBOX_DELAY_MS,
    }),
    payouts: Object.freeze({ provider: e.PAYOUTS_PROVIDER }),
    sandboxParts: Object.freeze(sandboxParts),
    apiDocs: e.API_DOCS,
    s3: e.S3_BUCKET
      ? Object.freeze({
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        })
      : undefined,
    mediaTools: Object.freeze({
      ffmpegPath: e.FFMPEG_PATH || undefined,
      ffprobePath: e.FFPROBE_PATH || undefined,
    }),
    seedDemo: e.SEED_DEMO,
  })
}

type ParsedEnv = z.output<typeof EnvSchema>

/** The variable that picks each part's provider. */
const ProviderVariables = {
  payments: 'PAYMENTS_PROVIDER',
  identity: 'IDV_PROVIDER',
  payouts: 'PAYOUTS_PROVIDER',
} as const satisfies Record<ProviderPart, keyof ParsedEnv>

function sandboxPartsOf(e: ParsedEnv): ProviderPart[] {
  return (Object.keys(ProviderVariables) as ProviderPart[]).filter(
    (part) => e[ProviderVariables[part]] === 'sandbox',
  )
}

const sandboxHarm: Record<ProviderPart, string> = {
  payments: 'the sandbox card provider charges nobody, so coins and memberships would be free',
  identity:
    'the sandbox identity partner lets people choose their own decision, so anyone could become a creator',
  payouts: 'the sandbox payout provider sends no money to creators',
}

/** One problem per sandbox part, naming its variable (production without ALLOW_SANDBOX_PROVIDERS). */
function sandboxRefusals(parts: readonly ProviderPart[]): string[] {
  return parts.map(
    (part) =>
      `${ProviderVariables[part]}=sandbox: ${sandboxHarm[part]}. Production needs a real provider (README, ` +
      '"Providers"), or ALLOW_SANDBOX_PROVIDERS=1 for a staging server that shows a test-mode banner',
  )
}

function checkS3(e: ParsedEnv): string[] {
  const problems: string[] = []
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither')
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET: required when other S3_ variables are set')
  }
  return problems
}

export interface Secrets {
  appSecret: string
  idvWebhookSecret: string
}

const StoredSecrets = z.object({ appSecret: z.string().min(32), idvWebhookSecret: z.string().min(16) })

/**
 * The server's own secrets: from the configuration, or generated once into `<dataDir>/secret.json` (0600,
 * created with `wx` so processes racing on first start share one file). Replacing the file invalidates
 * every unsubscribe link already mailed, so keep it with the data folder or set the variables.
 */
export function loadSecrets(config: Pick<Config, 'appSecret' | 'identity' | 'dataDir'>): Secrets {
  const given = { appSecret: config.appSecret, idvWebhookSecret: config.identity.webhookSecret }
  if (given.appSecret && given.idvWebhookSecret) {
    return { appSecret: given.appSecret, idvWebhookSecret: given.idvWebhookSecret }
  }
  const file = path.join(config.dataDir, 'secret.json')
  const generated = {
    appSecret: randomBytes(32).toString('base64url'),
    idvWebhookSecret: randomBytes(32).toString('base64url'),
  }
  try {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process (or an earlier start) wrote it first: use those.
    if ((error as { code?: string }).code !== 'EEXIST') throw error
  }
  const stored = StoredSecrets.parse(JSON.parse(readFileSync(file, 'utf8')))
  return {
    appSecret: given.appSecret ?? stored.appSecret,
    idvWebhookSecret: given.idvWebhookSecret ?? stored.idvWebhookSecret,
  }
}
