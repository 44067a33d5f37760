import { createServer } from 'node:net'
import {
  acceptCreatorAgreement,
  Creator,
  sendDeleteAccountCode,
  setCreatorReferrer,
  setCreatorSocial,
} from '@velvet/contract'
import sharp from 'sharp'
import { startTestApp, type TestApp } from './harness.ts'

/** A free loopback port (for an app whose PUBLIC_URL must name its own port before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** A test app listening on 127.0.0.1 with PUBLIC_URL naming its real port (the sandbox posts back to it). */
export async function startListeningApp(env: Record<string, string> = {}) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const t = await startTestApp({ PORT: String(port), PUBLIC_URL: baseUrl, ...env })
  await t.app.listen({ port, host: '127.0.0.1' })
  return { t, baseUrl }
}

/** Requests a delete-account code for a signed-in account and answers the code from the SMTP inbox. */
export async function deleteCodeFor(t: TestApp, token: string, email: string): Promise<string> {
  const res = await t.call(sendDeleteAccountCode, {}, { token })
  if (res.status !== 200) throw new Error(`send delete code failed: ${JSON.stringify(res.body)}`)
  const mail = t.smtp.inbox.findLast((m) => m.to.includes(email))
  const code = mail && /^(\d{6}) is your .* to delete your account/.exec(mail.subject)?.[1]
  if (!code) throw new Error(`no delete code mailed to ${email}`)
  return code
}

/** A small real PNG (sharp), for the sandbox partner's document and selfie uploads. */
export function pngBytes(color = '#c04080', size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** Answers the first three host-verification steps (agreement, social platform, no referrer). */
export async function answerAuditSteps(t: TestApp, token: string): Promise<void> {
  const steps = [
    [acceptCreatorAgreement, { version: Creator.agreementVersion }],
    [setCreatorSocial, { platform: 'instagram', handle: '@velvet_fan' }],
    [setCreatorReferrer, { referred: false }],
  ] as const
  for (const [call, input] of steps) {
    const res = await t.call(call, input, { token })
    if (res.status !== 200) throw new Error(`${call.path} failed: ${JSON.stringify(res.body)}`)
  }
}
