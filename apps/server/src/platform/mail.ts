import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>
  /** A Message-ID made from what the mail is about, so a resend after a crash carries the same one. */
  messageId?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to the
 * outbox folder and a log line says where (the embedded default needs no mail server).
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  outboxDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await mkdir(options.outboxDir, { recursive: true })
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`,
      )
      await writeFile(file, info.message as Buffer)
      options.log.info({ file }, 'mail written to outbox')
    },
  }
}
