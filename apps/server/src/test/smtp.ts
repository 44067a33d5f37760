import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  subject: string
}

/** A real SMTP server on loopback that keeps what it receives (used by the integration tests and e2e). */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The latest sign-in code sent to `email`. */
    codeFor(email: string): string {
      const mail = inbox.findLast((m) => m.to.includes(email))
      const code = mail && /^(\d{6}) is your/.exec(mail.subject)?.[1]
      if (!code) throw new Error(`no code mailed to ${email}`)
      return code
    },
    /** Waits (for a browser journey, say) until a code for `email` has arrived. */
    async waitForCode(email: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        try {
          return this.codeFor(email)
        } catch (error) {
          if (Date.now() > deadline) throw error
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
