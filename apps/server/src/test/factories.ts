import { completeSignup, login, sendEmailCode, signupAnonymous } from '@velvet/contract'
import type { TestApp } from './harness.ts'

let counter = 0

export function uniqueEmail(prefix = 'fan'): string {
  counter += 1
  return `${prefix}${counter}.${process.pid}@example.test`
}

export async function makeGuest(t: TestApp) {
  const res = await t.call(signupAnonymous)
  if (res.status !== 200) throw new Error(`guest sign-up failed: ${JSON.stringify(res.body)}`)
  return res.body.data as { token: string; user_id: number; expires_at: number }
}

/** Signs in by e-mail code through HTTP and the real SMTP server; answers the login data. */
export async function loginByEmail(t: TestApp, email: string, token: string | null = null) {
  const sent = await t.call(sendEmailCode, { email }, { token })
  if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`)
  const res = await t.call(login, { type: 'email', email, code: t.smtp.codeFor(email) }, { token })
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`)
  return res.body.data as {
    ptoken: string
    is_new: boolean
    user: { user_id: number; needs_profile: boolean }
  }
}

/** A signed-up account with a complete profile. */
export async function makeAccount(t: TestApp, overrides: { email?: string; user_name?: string } = {}) {
  const email = overrides.email ?? uniqueEmail()
  const session = await loginByEmail(t, email)
  counter += 1
  const userName = overrides.user_name ?? `member_${process.pid % 10000}_${counter}`
  const res = await t.call(
    completeSignup,
    { birthday: '1990-04-02', user_name: userName, nickname: 'Member' },
    { token: session.ptoken },
  )
  if (res.status !== 200) throw new Error(`complete sign-up failed: ${JSON.stringify(res.body)}`)
  // Codes can be requested once a minute per e-mail: keep later logins in the same file possible.
  t.clock.advance(61_000)
  return { email, token: session.ptoken, userId: session.user.user_id, userName }
}
