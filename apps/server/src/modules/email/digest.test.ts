/**
 * The new-messages digest on a real database. With the job queue recorded: a message to someone offline
 * writes the digest job of its hour in the message notice's transaction (the same id for every message of
 * the hour), and the mail lists the unread, unmuted conversations of that hour by name. With the real queue
 * and a real SMTP server: one digest per user and hour, however many messages and however often its job is
 * sent again; none for someone who turned message e-mails off or is online.
 */
import {
  chatMute,
  chatRead,
  chatSend,
  conversationOpen,
  EmailTemplates,
  updateEmailPreferences,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobIdOf, pgBossSender } from '../../platform/jobs.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { connectSocket } from '../../test/sockets.ts'
import { users } from '../auth/schema.ts'
import { DIGEST_DELAY_MS, type EmailJob, emailJob, emailJobKey } from './jobs.ts'
import { clockHoursAgo, linkTo, mailsTo, waitForJob, waitForMail } from './test-support.ts'

const env = { PUBLIC_URL: 'https://velvet.example', APP_SECRET: 'test-app-secret-0123456789-abcdefghij' }
let recorded: TestApp
let queued: TestApp

beforeAll(async () => {
  recorded = await startTestApp(env)
  queued = await startTestApp(env, { jobs: true })
}, 60_000)
afterAll(async () => {
  await recorded?.close()
  await queued?.close()
})

let ids = 0
/** A fan (named `name`) with an open conversation to `creator`. */
async function fanOf(t: TestApp, creator: Account, name: string) {
  const fan = await makeAccount(t)
  await t.database.db.update(users).set({ nickname: name }).where(eq(users.id, fan.userId))
  const opened = await t.data(conversationOpen, { user_id: creator.userId }, fan)
  return { ...fan, conversationId: opened.conversation.conversation_id as string }
}

async function send(t: TestApp, who: Account, conversationId: string, text = 'hello') {
  const answer = await t.data(
    chatSend,
    { conversation_id: conversationId, client_msg_id: `digest-${process.pid}-${++ids}`, text },
    who,
  )
  return answer.message.message_id as number
}

const digestOf = (userId: number, window: { start: Date; end: Date }): EmailJob => ({
  kind: 'digest',
  user_id: userId,
  from_ms: window.start.getTime(),
  to_ms: window.end.getTime(),
})

describe('the digest job and its mail', () => {
  it('is written once per hour with the message notice, and lists the unread conversations of the hour', async () => {
    const t = recorded
    const window = clockHoursAgo(t, 30)
    const creator = await makeCreator(t)
    const ann = await fanOf(t, creator, 'Ann')
    const bob = await fanOf(t, creator, 'Bob')
    const cat = await fanOf(t, creator, 'Cat')
    await t.data(chatMute, { conversation_id: cat.conversationId, mute: true }, creator)
    t.sentJobs.length = 0

    await send(t, ann, ann.conversationId)
    await send(t, ann, ann.conversationId)
    const read = await send(t, bob, bob.conversationId)
    await send(t, cat, cat.conversationId)
    await t.data(chatRead, { conversation_id: bob.conversationId, message_id: read }, creator)
    await send(t, creator, bob.conversationId, 'a reply')

    const jobs = t.sentJobs.filter(
      (job) => job.queue === emailJob.name && job.data.user_id === creator.userId,
    )
    const expected = digestOf(creator.userId, window)
    // Ann's two messages and Bob's (Cat's conversation is muted: no notice, no job).
    expect(jobs).toHaveLength(3)
    for (const job of jobs)
      expect(job).toEqual({
        queue: emailJob.name,
        data: expected,
        id: jobIdOf(emailJobKey(expected)),
        startAfter: new Date(window.end.getTime() + DIGEST_DELAY_MS),
        inTransaction: true,
      })

    const before = t.smtp.inbox.length
    expect(await t.app.services.emails.deliver(expected)).toBe('sent')
    const [mail] = mailsTo(t, creator.email, 'digest')
    if (!mail) throw new Error('no digest')
    expect(t.smtp.inbox).toHaveLength(before + 1)
    expect(mail.subject).toBe('2 new messages from Ann')
    expect(mail.text).not.toContain('hello')
    expect(mail.text).not.toMatch(/Bob|Cat/)
    expect(Object.fromEntries(linkTo(mail, '/chatRoom').searchParams)).toEqual({
      u1: String(creator.userId),
      u2: String(ann.userId),
      t: EmailTemplates.newMessages,
      sc: 'email',
      s: String(creator.userId),
    })
    expect(mail.headers['list-unsubscribe']).toContain('c=messages')

    // Another hour had nothing for the creator.
    const earlier = { start: new Date(window.start.getTime() - 3_600_000), end: window.start }
    expect(await t.app.services.emails.deliver(digestOf(creator.userId, earlier))).toBe('nothing_new')
  })

  it('is not sent to someone with the app open', async () => {
    const t = recorded
    const window = clockHoursAgo(t, 40)
    const creator = await makeCreator(t)
    const ann = await fanOf(t, creator, 'Ann')
    await send(t, ann, ann.conversationId)
    const socket = await connectSocket(await t.listen(), { token: creator.token })
    try {
      expect(await t.app.services.emails.deliver(digestOf(creator.userId, window))).toBe('online')
    } finally {
      socket.close()
    }
  })
})

describe('on the real queue', () => {
  it('mails one digest per user and hour, however many messages and sends of its job', async () => {
    const t = queued
    const window = clockHoursAgo(t, 50)
    const creator = await makeCreator(t)
    const ann = await fanOf(t, creator, 'Ann')
    await send(t, ann, ann.conversationId)
    await send(t, ann, ann.conversationId)
    const job = digestOf(creator.userId, window)
    await waitForJob(t, emailJobKey(job))
    const [mail] = await waitForMail(t, creator.email, 'digest')
    expect(mail?.subject).toMatch(/^[12] new messages? from Ann$/)

    // The hour's job sent again (a later message, a retried notice): it exists already, nothing is mailed.
    await send(t, ann, ann.conversationId)
    await pgBossSender(t.jobs as NonNullable<TestApp['jobs']>).send(emailJob, job, {
      id: jobIdOf(emailJobKey(job)),
    })
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    expect(mailsTo(t, creator.email, 'digest')).toHaveLength(1)

    // The next hour is another digest.
    t.clock.set(window.end)
    await send(t, ann, ann.conversationId)
    await waitForJob(
      t,
      emailJobKey(
        digestOf(creator.userId, { start: window.end, end: new Date(window.end.getTime() + 3_600_000) }),
      ),
    )
    expect(mailsTo(t, creator.email, 'digest')).toHaveLength(2)
  })

  it('mails nothing to someone who turned message e-mails off', async () => {
    const t = queued
    const window = clockHoursAgo(t, 60)
    const creator = await makeCreator(t)
    await t.data(updateEmailPreferences, { preferences: { messages: false } }, creator)
    const ann = await fanOf(t, creator, 'Ann')
    await send(t, ann, ann.conversationId)
    await waitForJob(t, emailJobKey(digestOf(creator.userId, window)))
    expect(mailsTo(t, creator.email)).toEqual([])
  })
})
