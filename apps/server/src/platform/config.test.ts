import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config.ts'

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
})
