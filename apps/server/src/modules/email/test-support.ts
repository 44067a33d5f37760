/** Test helpers of notification e-mails: the mails a user received, their jobs, a clock set in the past. */
import { jobIdOf } from '../../platform/jobs.ts'
import type { TestApp } from '../../test/harness.ts'
import { linksIn, type ParsedMail, parseMail } from '../../test/mail-parse.ts'
import { emailJob } from './jobs.ts'
import { hourWindow } from './plans.ts'

export type MailKind = 'notice' | 'digest' | 'earnings'

/** Notification mails to `email` (by their Message-ID: `<email.<kind>.…@host>`), oldest first. */
export function mailsTo(t: TestApp, email: string, kind?: MailKind): ParsedMail[] {
  return t.smtp.inbox
    .filter((m) => m.to.includes(email))
    .map(parseMail)
    .filter((m) => (m.headers['message-id'] ?? '').startsWith(`<email.${kind ?? ''}`))
}

export async function waitFor<T>(
  what: string,
  get: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await get()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

export function waitForMail(t: TestApp, email: string, kind: MailKind, count = 1): Promise<ParsedMail[]> {
  return waitFor(`${count} ${kind} mail(s) to ${email}`, () => {
    const mails = mailsTo(t, email, kind)
    return mails.length >= count ? mails : undefined
  })
}

/** Waits until the mail job named `key` (see emailJobKey) has run to completion on the real queue. */
export async function waitForJob(t: TestApp, key: string): Promise<void> {
  const boss = t.jobs
  if (!boss) throw new Error('the test app runs no job queue')
  await waitFor(`job ${key}`, async () => {
    const job = await boss.getJobById(emailJob.name, jobIdOf(key))
    return job?.state === 'completed' ? true : undefined
  })
}

/** The link in a mail's text that opens `pathname`. */
export function linkTo(mail: ParsedMail, pathname: string): URL {
  const link = linksIn(mail.text).find((url) => url.pathname === pathname)
  if (!link) throw new Error(`no link to ${pathname} in ${mail.text}`)
  return link
}

/** The signed unsubscribe parameters of a mail's visible unsubscribe link. */
export function unsubscribeParams(mail: ParsedMail) {
  const link = linkTo(mail, '/manage/email/unsubscribe')
  return { u: link.searchParams.get('u'), c: link.searchParams.get('c'), sig: link.searchParams.get('sig') }
}

const HOUR_MS = 3_600_000

/**
 * Sets the app clock 5 minutes into an hour `hoursAgo` hours before now. A digest or summary job becomes
 * due when its window ends, by the database's clock: windows in the past run at once.
 */
export function clockHoursAgo(t: TestApp, hoursAgo: number): { start: Date; end: Date } {
  const window = hourWindow(new Date(Date.now() - hoursAgo * HOUR_MS))
  t.clock.set(new Date(window.start.getTime() + 5 * 60_000))
  return window
}
