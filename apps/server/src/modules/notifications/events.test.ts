/**
 * The notifications list through HTTP: what creates one (a new follower, a comment, an @mention
 * in a comment or a caption, a message to someone offline), the tabs of /notifications, read state and TN.
 */
import {
  addComment,
  chatSend,
  conversationOpen,
  EmailEventType,
  ErrorCodes,
  emailEventReport,
  NotifyType,
  notificationList,
  notificationReadAll,
  signupAnonymous,
  systemInit,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makePost } from '../../test/post-factories.ts'
import { type Account, follow, makeCreator } from '../../test/social-factories.ts'
import { connectSocket } from '../../test/sockets.ts'
import { emailEvents } from './schema.ts'

let t: TestApp
let url: string
beforeAll(async () => {
  t = await startTestApp()
  url = await t.listen()
})
afterAll(() => t.close())

async function list(who: Account, kind = 'all') {
  const res = await t.call(notificationList, { kind, limit: 30 }, { token: who.token })
  expect(res.status).toBe(200)
  return res.body.data.list as Array<{
    notify_type: number
    read: boolean
    link: string | null
    middle: { title: string; summary: string }
    content: string
  }>
}

const tn = async (who: Account) => (await t.call(systemInit, undefined, { token: who.token })).body.data.TN

describe('notifications', () => {
  it('tells a user about a new follower once per follow, in the subscriptions tab; opening reads them all', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    await follow(t, fan, creator)
    const all = await list(creator)
    expect(all).toMatchObject([
      {
        notify_type: NotifyType.NewFollower,
        read: false,
        link: `/@${fan.userName}`,
        middle: { summary: 'started following you' },
        // The summary says it all: no body repeats it.
        content: '',
      },
    ])
    expect(await list(creator, 'subscriptions')).toHaveLength(1)
    expect(await list(creator, 'comments')).toHaveLength(0)
    expect(await tn(creator)).toBe(1)
    const read = await t.call(notificationReadAll, undefined, { token: creator.token })
    expect(read.body.data).toEqual({ TN: 0 })
    expect((await list(creator)).map((item) => item.read)).toEqual([true])
    // The follower hears nothing.
    expect(await list(fan)).toEqual([])
  })

  it('tells a creator about comments on their post, and whoever a comment or a caption @mentions', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const friend = await makeAccount(t)
    const post = await makePost(t, creator, { caption: `With @${friend.userName.toUpperCase()} today` })
    expect(await list(friend, 'mentions')).toMatchObject([
      { notify_type: NotifyType.Mention, link: `/post?id=${post.postId}` },
    ])
    const comment = await t.call(
      addComment,
      { post_id: post.postId, text: `Love it! @${friend.userName} look, and @${creator.userName}` },
      { token: fan.token },
    )
    expect(comment.status).toBe(200)
    expect(await list(creator, 'comments')).toMatchObject([
      { notify_type: NotifyType.PostComment, link: `/post?id=${post.postId}` },
    ])
    // The creator is told once (the comment), not again for the mention.
    expect(await list(creator, 'mentions')).toEqual([])
    expect((await list(friend, 'mentions')).map((item) => item.notify_type)).toEqual([
      NotifyType.Mention,
      NotifyType.Mention,
    ])
    // The creator's own comment tells no one about itself.
    await t.call(addComment, { post_id: post.postId, text: 'Thank you!' }, { token: creator.token })
    expect(await list(creator, 'comments')).toHaveLength(1)
  })

  it('turns a message to someone offline into a notification, but not to someone online', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const open = await t.call(conversationOpen, { user_id: creator.userId }, { token: fan.token })
    const id = open.body.data.conversation.conversation_id
    const send = (text: string) =>
      t.call(
        chatSend,
        { conversation_id: id, client_msg_id: `n-${text}-${fan.userId}`, text },
        { token: fan.token },
      )
    await send('while away')
    expect(await list(creator)).toMatchObject([
      {
        notify_type: NotifyType.ChatMessage,
        content: 'while away',
        link: `/chatRoom?u1=${creator.userId}&u2=${fan.userId}`,
      },
    ])
    const tab = await connectSocket(url, { token: creator.token })
    try {
      await send('while here')
      expect(await list(creator)).toHaveLength(1)
    } finally {
      tab.close()
    }
  })

  it('records an e-mail link click for the user the e-mail went to, and refuses a bad event type', async () => {
    const reader = await makeAccount(t)
    const report = (eventType: number) =>
      t.call(
        emailEventReport,
        {
          template: 'earnings_report',
          user_id: reader.userId,
          payload: { t: 'earnings_report' },
          event_type: eventType,
        },
        { token: reader.token },
      )
    expect((await report(EmailEventType.Click)).status).toBe(200)
    expect((await report(7)).status).toBe(400)
    const rows = await t.database.db
      .select()
      .from(emailEvents)
      .where(eq(emailEvents.recipientId, reader.userId))
    expect(rows).toMatchObject([
      {
        reporterId: reader.userId,
        template: 'earnings_report',
        eventType: 2,
        payload: { t: 'earnings_report' },
      },
    ])
  })

  it("refuses to record an e-mail event for another user's e-mail (an account's or a guest's report)", async () => {
    const [owner, other] = [await makeAccount(t), await makeAccount(t)]
    const guest = (await t.call(signupAnonymous)).body.data.token as string
    const claim = { template: 'earnings_report', user_id: owner.userId, payload: {}, event_type: 2 }
    for (const token of [other.token, guest]) {
      const res = await t.call(emailEventReport, claim, { token })
      expect(res.status).toBe(403)
      expect(res.body.error.code).toBe(ErrorCodes.Forbidden.code)
    }
    const rows = await t.database.db
      .select()
      .from(emailEvents)
      .where(eq(emailEvents.recipientId, owner.userId))
    expect(rows).toEqual([])
  })
})
