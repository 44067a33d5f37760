import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config.ts'

/** Production with the sandboxes allowed (the only providers that exist today). */
const staging = { NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1' } as const

describe('readConfig', () => {
  it('gives the embedded defaults', () => {
    const config = readConfig({})
    expect(config).toMatchObject({ port: 3000, runMode: 'both', databaseUrl: undefined, redisUrl: undefined })
    expect(config.dataDir).toMatch(/data$/)
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('lists every bad variable at once', () => {
    try {
      readConfig({ PORT: 'eighty', RUN_MODE: 'sometimes', DATABASE_URL: 'not a url' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems.join('\n')
      expect(problems).toContain('PORT')
      expect(problems).toContain('RUN_MODE')
      expect(problems).toContain('DATABASE_URL')
    }
  })

  it('treats empty optional URLs as unset', () => {
    expect(readConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      redisUrl: undefined,
    })
  })

  it('keeps media on local disk unless S3_BUCKET is set, and reads the S3 and ffmpeg variables', () => {
    expect(readConfig({})).toMatchObject({
      s3: undefined,
      mediaTools: { ffmpegPath: undefined, ffprobePath: undefined },
    })
    const config = readConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      FFMPEG_PATH: '/opt/ffmpeg',
    })
    expect(config.s3).toEqual({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    expect(config.mediaTools.ffmpegPath).toBe('/opt/ffmpeg')
  })

  it('refuses half an S3 configuration', () => {
    expect(() => readConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/)
    expect(() => readConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/)
  })

  it('wants a postal address for the mail footer before it sends real mail in production', () => {
    const smtp = { ...staging, SMTP_URL: 'smtp://127.0.0.1:2525' } as const
    expect(() => readConfig(smtp)).toThrow(/MAIL_POSTAL_ADDRESS/)
    const address = 'Velvet Ltd, 1 Example Street, Springfield'
    expect(readConfig({ ...smtp, MAIL_POSTAL_ADDRESS: ` ${address} ` }).mail.postalAddress).toBe(address)
    // Development and the outbox (no SMTP_URL) run without one.
    expect(readConfig(staging).mail.postalAddress).toBeUndefined()
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.postalAddress).toBeUndefined()
  })

  it('refuses to start production on a sandbox provider, naming each, unless allowed (staging)', () => {
    try {
      readConfig({ NODE_ENV: 'production' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems
      expect(problems).toHaveLength(3)
      expect(problems[0]).toMatch(/^PAYMENTS_PROVIDER=sandbox: .*charges nobody.*ALLOW_SANDBOX_PROVIDERS=1/)
      expect(problems[1]).toMatch(/^IDV_PROVIDER=sandbox: /)
      expect(problems[2]).toMatch(/^PAYOUTS_PROVIDER=sandbox: /)
    }
    // Only the explicit opt-in counts.
    expect(() => readConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '0' })).toThrow(ConfigError)
    expect(() => readConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'yes' })).toThrow(ConfigError)
    expect(readConfig(staging).sandboxParts).toEqual(['payments', 'identity', 'payouts'])
    // Development and tests run on the sandboxes by default, and say so.
    expect(readConfig({}).sandboxParts).toEqual(['payments', 'identity', 'payouts'])
  })

  it('serves the API documents unless API_DOCS turns them off', () => {
    expect(readConfig({}).apiDocs).toBe(true)
    expect(readConfig({ ...staging, API_DOCS: '0' }).apiDocs).toBe(false)
  })

  it('reads the pool size and database timeouts, with defaults', () => {
    expect(readConfig({}).databasePool).toEqual({
      max: 10,
      waitMs: 3_000,
      statementTimeoutMs: 30_000,
      lockTimeoutMs: 5_000,
      idleInTransactionTimeoutMs: 60_000,
    })
    const config = readConfig({
      DB_POOL_MAX: '40',
      DB_POOL_WAIT_MS: '1500',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_LOCK_TIMEOUT_MS: '2000',
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
    })
    expect(config.databasePool).toEqual({
      max: 40,
      waitMs: 1_500,
      statementTimeoutMs: 0,
      lockTimeoutMs: 2_000,
      idleInTransactionTimeoutMs: 30_000,
    })
    expect(() => readConfig({ DB_POOL_MAX: '0', DB_LOCK_TIMEOUT_MS: 'soon' })).toThrow(
      /DB_POOL_MAX[\s\S]*DB_LOCK_TIMEOUT_MS/,
    )
  })

  it('prefixes Redis per deployment: REDIS_PREFIX, else the database name, else the public address', () => {
    expect(readConfig({ REDIS_PREFIX: 'shop-eu' }).redisPrefix).toBe('shop-eu:')
    expect(readConfig({ REDIS_PREFIX: 'shop-eu:' }).redisPrefix).toBe('shop-eu:')
    const db = 'postgres://velvet:secret@db.internal:5432/velvet_staging?sslmode=require'
    expect(readConfig({ DATABASE_URL: db }).redisPrefix).toBe('velvet:velvet_staging:')
    // Every process of a deployment shares the database, whatever its own address.
    expect(readConfig({ DATABASE_URL: db, PUBLIC_URL: 'https://a.example' }).redisPrefix).toBe(
      'velvet:velvet_staging:',
    )
    // No database in the URL: PostgreSQL uses the one named like the user.
    expect(readConfig({ DATABASE_URL: 'postgres://shop@db.internal' }).redisPrefix).toBe('velvet:shop:')
    expect(readConfig({ PUBLIC_URL: 'https://fans.example:8443' }).redisPrefix).toBe(
      'velvet:fans.example_8443:',
    )
    expect(readConfig({ PORT: '4000' }).redisPrefix).toBe('velvet:localhost_4000:')
    // Glob characters would break the adapter's channel patterns.
    expect(() => readConfig({ REDIS_PREFIX: 'shop*' })).toThrow(/REDIS_PREFIX/)
  })
})
