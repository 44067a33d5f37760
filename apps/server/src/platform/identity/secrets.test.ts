import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSecrets, readConfig } from '../config.ts'

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'velvet-secrets-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('server secrets (APP_SECRET, IDV_WEBHOOK_SECRET)', () => {
  it('are generated once into DATA_DIR/secret.json (0600) and reused', () => {
    const dir = dataDir()
    const first = loadSecrets(readConfig({ DATA_DIR: dir }))
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32)
    expect(first.idvWebhookSecret).not.toBe(first.appSecret)
    expect(statSync(path.join(dir, 'secret.json')).mode & 0o777).toBe(0o600)
    expect(loadSecrets(readConfig({ DATA_DIR: dir }))).toEqual(first)
  })

  it('come from the environment when set (empty counts as unset, short ones are refused)', () => {
    const dir = dataDir()
    const appSecret = 'a'.repeat(32)
    const config = readConfig({ DATA_DIR: dir, APP_SECRET: appSecret, IDV_WEBHOOK_SECRET: '' })
    const secrets = loadSecrets(config)
    expect(secrets.appSecret).toBe(appSecret)
    expect(secrets.idvWebhookSecret.length).toBeGreaterThanOrEqual(16)
    expect(() => readConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/)
    expect(readConfig({}).identity).toEqual({
      provider: 'sandbox',
      webhookSecret: undefined,
      sandboxDelayMs: 1000,
    })
  })
})
