import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmtpServer } from '../test/smtp.ts'
import { createMailer } from './mail.ts'

const lines: unknown[] = []
const log = { info: (...args: unknown[]) => lines.push(args) } as never

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('mailer', () => {
  it('writes an .eml file to the outbox when no SMTP server is configured', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'velvet-outbox-'))
    const outboxDir = path.join(dir, 'outbox')
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Velvet <no-reply@velvet.local>',
      outboxDir,
      log,
    })
    await mailer.send({
      to: 'fan@example.test',
      subject: '123456 is your Velvet code',
      text: 'Your code is 123456.',
    })
    const files = readdirSync(outboxDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const eml = readFileSync(path.join(outboxDir, files[0] as string), 'utf8')
    expect(eml).toContain('To: fan@example.test')
    expect(eml).toContain('Subject: 123456 is your Velvet code')
    // The log line names the file, never the code or the address.
    expect(JSON.stringify(lines)).not.toMatch(/123456|fan@example/)
  })

  it('sends through SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer()
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Velvet <no-reply@velvet.local>',
        outboxDir: '/nonexistent',
        log,
      })
      await mailer.send({ to: 'fan@example.test', subject: '654321 is your Velvet code', text: 'x' })
      expect(smtp.codeFor('fan@example.test')).toBe('654321')
    } finally {
      await smtp.close()
    }
  })
})
