/**
 * Chat through HTTP on a real database: who may open a conversation, messages stored once per client id,
 * unread counters per side and the TC/SC totals of system/init (spec §3/§4), read receipts, mute, the list
 * with its filters and search, paging back in history, and `chat_message` on both users' sockets.
 */
import {
  Authorship,
  ChatRules,
  chatMessages,
  chatMute,
  chatRead,
  chatSend,
  chatTyping,
  conversationList,
  conversationOpen,
  ErrorCodes,
  SocketChannels,
  systemInit,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { mintCoins } from '../../test/money-factories.ts'
import { type Account, block, follow, makeCreator, markDeleted } from '../../test/social-factories.ts'
import { collect, connectSocket } from '../../test/sockets.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { chatMessages as chatMessageRows } from './schema.ts'

let t: TestApp
let url: string
beforeAll(async () => {
  t = await startTestApp()
  url = await t.listen()
})
afterAll(() => t.close())

let msgCounter = 0
const clientId = () => `msg-${process.pid}-${++msgCounter}-${Math.random().toString(36).slice(2, 8)}`

async function open(who: Account, other: Account): Promise<string> {
  return (await t.data(conversationOpen, { user_id: other.userId }, who)).conversation.conversation_id
}

async function send(who: Account, conversationId: string, text: string, id = clientId()) {
  return (await t.data(chatSend, { conversation_id: conversationId, client_msg_id: id, text }, who)).message
}

const totals = async (who: Account) => {
  const init = await t.data(systemInit, undefined, who)
  return { TC: init.TC, SC: init.SC }
}

describe('opening a conversation', () => {
  it('lets a fan message a creator, a creator a fan who follows them, and no one else', async () => {
    const creator = await makeCreator(t)
    const other = await makeCreator(t)
    const fan = await makeAccount(t)
    const stranger = await makeAccount(t)

    const id = await open(fan, creator)
    expect(await open(creator, fan)).toBe(id)
    expect(await open(fan, creator)).toBe(id)
    // Creators talk to each other.
    expect(await open(creator, other)).not.toBe(id)
    // Fan to fan, oneself, and a creator to a fan who does not follow them: 6002.
    expect((await t.call(conversationOpen, { user_id: stranger.userId }, fan)).body.error.code).toBe(
      ErrorCodes.ChatNotAllowed.code,
    )
    expect((await t.call(conversationOpen, { user_id: fan.userId }, fan)).body.error.code).toBe(
      ErrorCodes.ChatNotAllowed.code,
    )
    expect((await t.call(conversationOpen, { user_id: stranger.userId }, other)).body.error.code).toBe(
      ErrorCodes.ChatNotAllowed.code,
    )
    await follow(t, stranger, other)
    await open(other, stranger)
    // A block either way, and a deleted account, close it.
    const blocker = await makeAccount(t)
    await open(blocker, creator)
    await block(t, creator, blocker)
    expect((await t.call(conversationOpen, { user_id: creator.userId }, blocker)).body.error.code).toBe(
      ErrorCodes.ChatNotAllowed.code,
    )
    const gone = await makeCreator(t)
    await markDeleted(t, gone)
    expect((await t.call(conversationOpen, { user_id: gone.userId }, fan)).body.error.code).toBe(
      ErrorCodes.ChatNotAllowed.code,
    )
  })
})

describe('messages', () => {
  it('stores a message once per client id, counts unread for the other side only, and pages back', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const id = await open(fan, creator)
    const first = await send(fan, id, '  Hi there!  ', 'client-id-once-1')
    expect(first).toMatchObject({
      conversation_id: id,
      sender: { id: fan.userId },
      msg_type: 1,
      text: 'Hi there!',
    })
    expect(first.timetoken).toBeGreaterThan(1_700_000_000_000_000)
    // A retry of the same send stores nothing new and answers the same message.
    const again = await send(fan, id, 'Hi there!', 'client-id-once-1')
    expect(again.message_id).toBe(first.message_id)
    expect(await totals(creator)).toEqual({ TC: 1, SC: 0 })
    expect(await totals(fan)).toEqual({ TC: 0, SC: 0 })

    for (let i = 1; i <= 40; i++) await send(i % 2 ? creator : fan, id, `line ${i}`)
    const page1 = await t.data(chatMessages, { conversation_id: id, limit: ChatRules.pageSize }, fan)
    expect(page1.list).toHaveLength(30)
    expect(page1.list[0]?.text).toBe('line 40')
    expect(page1.has_next).toBe(true)
    const page2 = await t.data(
      chatMessages,
      { conversation_id: id, limit: ChatRules.pageSize, cursor: page1.cursor ?? undefined },
      fan,
    )
    expect(page2.list.map((m) => m.text)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `line ${10 - i}`),
      'Hi there!',
    ])
    expect(page2.has_next).toBe(false)
    // A cursor that is not a message id says the list changed (1004).
    const bad = await t.call(chatMessages, { conversation_id: id, limit: 10, cursor: 'abc' }, fan)
    expect(bad.body.error).toMatchObject({
      code: ErrorCodes.ValidationFailed.code,
      message: 'This list has changed. Please reload it.',
    })
    // The creator wrote 20 (odd lines) after the fan's 1 + 20: the fan has 20 unread, the creator 21.
    expect(await totals(fan)).toEqual({ TC: 20, SC: 0 })
    expect(await totals(creator)).toEqual({ TC: 21, SC: 0 })
    // Authorship shows only on one's own messages.
    expect(page1.list.find((m) => m.sender.id === fan.userId)?.authorship).toBe(1)
    expect(page1.list.find((m) => m.sender.id === creator.userId)?.authorship).toBeNull()

    // Someone else's conversation, an empty or too long text.
    const outsider = await makeAccount(t)
    expect((await t.call(chatMessages, { conversation_id: id, limit: 10 }, outsider)).body.error.code).toBe(
      ErrorCodes.ConversationNotFound.code,
    )
    expect(
      (await t.call(chatSend, { conversation_id: id, client_msg_id: clientId(), text: 'x' }, outsider)).body
        .error.code,
    ).toBe(ErrorCodes.ConversationNotFound.code)
    expect(
      (await t.call(chatSend, { conversation_id: id, client_msg_id: clientId(), text: '   ' }, fan)).status,
    ).toBe(400)
    const long = 'a'.repeat(ChatRules.textMax + 1)
    expect(
      (await t.call(chatSend, { conversation_id: id, client_msg_id: clientId(), text: long }, fan)).status,
    ).toBe(400)
  })

  it('reads up to a message (never backwards), mutes out of the totals, and gives read receipts', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const id = await open(fan, creator)
    const sent = []
    for (let i = 0; i < 5; i++) sent.push(await send(fan, id, `m${i}`))
    expect(await totals(creator)).toEqual({ TC: 5, SC: 0 })
    const third = sent[2]?.message_id ?? 0
    expect((await t.data(chatRead, { conversation_id: id, message_id: third }, creator)).unread).toEqual({
      TC: 2,
      SC: 0,
    })
    // An older read changes nothing.
    expect(
      (await t.data(chatRead, { conversation_id: id, message_id: sent[0]?.message_id ?? 0 }, creator)).unread,
    ).toEqual({ TC: 2, SC: 0 })
    const [fanView] = (await t.data(conversationList, { limit: 20, filter: 'all' }, fan)).list
    expect(fanView).toMatchObject({ conversation_id: id, peer_read_id: third, unread: 0 })

    const muted = await t.data(chatMute, { conversation_id: id, mute: true }, creator)
    expect(muted.conversation).toMatchObject({ mute: 1, unread: 2 })
    expect(muted.unread).toEqual({ TC: 0, SC: 0 })
    await send(fan, id, 'while muted')
    expect(await totals(creator)).toEqual({ TC: 0, SC: 0 })
    const unmuted = await t.data(chatMute, { conversation_id: id, mute: false }, creator)
    expect(unmuted.unread).toEqual({ TC: 3, SC: 0 })
    const last = sent.length ? (await send(fan, id, 'last')).message_id : 0
    expect((await t.data(chatRead, { conversation_id: id, message_id: last }, creator)).unread).toEqual({
      TC: 0,
      SC: 0,
    })
  })

  it("gives who wrote a creator's message (a chatter, the agent) to the creator's side only", async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const id = await open(fan, creator)
    await send(fan, id, 'Hi!')
    const byChatter = await send(creator, id, 'Written by a chatter')
    const byAgent = await send(creator, id, 'Written by the agent')
    // Chatters and the agent write through the creator's account; the row keeps who it was.
    for (const [message, authorship] of [
      [byChatter, Authorship.Chatter],
      [byAgent, Authorship.Agent],
    ] as const)
      await t.database.db
        .update(chatMessageRows)
        .set({ authorship })
        .where(eq(chatMessageRows.id, message.message_id))

    const authorshipAs = async (who: Account) =>
      Object.fromEntries(
        (await t.data(chatMessages, { conversation_id: id }, who)).list.map((m) => [m.text, m.authorship]),
      )
    expect(await authorshipAs(creator)).toEqual({
      'Hi!': null,
      'Written by a chatter': Authorship.Chatter,
      'Written by the agent': Authorship.Agent,
    })
    expect(await authorshipAs(fan)).toEqual({
      'Hi!': Authorship.Creator,
      'Written by a chatter': null,
      'Written by the agent': null,
    })
  })

  it('marks a fan who has spent with the creator (SC, spenders filter, chat_message flag); members filter', async () => {
    const creator = await makeCreator(t)
    const spender = await makeAccount(t)
    const fan = await makeAccount(t)
    await mintCoins(t, spender.userId, 100)
    await t.app.services.money.ledger.transfer({
      key: `gift-${spender.userId}`,
      kind: TransferKind.Gift,
      actorUserId: spender.userId,
      counterpartyUserId: creator.userId,
      postings: [
        { account: { kind: 1, userId: spender.userId }, amount: -10 },
        { account: { kind: 101 }, amount: 10 },
        { account: { kind: 102 }, amount: -100 },
        { account: { kind: 2, userId: creator.userId }, amount: 80 },
        { account: { kind: 104 }, amount: 20 },
      ],
    })
    const withSpender = await open(spender, creator)
    const withFan = await open(fan, creator)
    const tab = await connectSocket(url, { token: creator.token })
    try {
      const events = collect(tab, SocketChannels.chatMessage)
      await send(spender, withSpender, 'I sent you a gift')
      expect((await events.next()).body).toMatchObject({
        conversation_id: withSpender,
        sender: { id: spender.userId },
        msg_type: 1,
        mute: 0,
        has_spent: true,
      })
      await send(fan, withFan, 'hello')
      expect((await events.next()).body).toMatchObject({ conversation_id: withFan, has_spent: false })
    } finally {
      tab.close()
    }
    expect(await totals(creator)).toEqual({ TC: 2, SC: 1 })
    const spenders = await t.data(conversationList, { limit: 20, filter: 'spenders' }, creator)
    expect(spenders.list.map((c) => c.conversation_id)).toEqual([withSpender])
    // The members filter: the other fan becomes a live member.
    await t.app.services.entitlements.writeMembership({
      fanId: fan.userId,
      creatorId: creator.userId,
      status: 1,
      currentPeriodEnd: new Date(t.clock.now().getTime() + 86_400_000),
      graceUntil: null,
    })
    const members = await t.data(conversationList, { limit: 20, filter: 'members' }, creator)
    expect(members.list.map((c) => c.conversation_id)).toEqual([withFan])
    const unread = await t.data(conversationList, { limit: 20, filter: 'unread' }, creator)
    expect(unread.list.map((c) => c.conversation_id)).toEqual([withFan, withSpender])
    expect(unread.list[0]).toMatchObject({
      peer: { user_id: fan.userId, is_creator: false },
      last_message: { text: 'hello', sender: { id: fan.userId } },
      unread: 1,
      has_spent: false,
    })
  })
})

describe('the conversation list', () => {
  it('is newest first by last message, pages, searches the other side by name, and hides empty ones', async () => {
    const creator = await makeCreator(t)
    const fans = [] as Account[]
    for (let i = 0; i < 5; i++) fans.push(await makeAccount(t))
    const ids = []
    for (const fan of fans) {
      const id = await open(fan, creator)
      ids.push(id)
      await send(fan, id, `from ${fan.userId}`)
    }
    // An opened conversation without a message is not listed.
    const silent = await makeAccount(t)
    await open(silent, creator)
    // The first fan writes again: it goes to the top.
    await send(fans[0] as Account, ids[0] as string, 'again')
    const first = await t.data(conversationList, { limit: 3, filter: 'all' }, creator)
    expect(first.list.map((c) => c.conversation_id)).toEqual([ids[0], ids[4], ids[3]])
    const second = await t.data(
      conversationList,
      { limit: 3, filter: 'all', cursor: first.cursor ?? '' },
      creator,
    )
    expect(second.list.map((c) => c.conversation_id)).toEqual([ids[2], ids[1]])
    expect(second.has_next).toBe(false)

    const target = fans[2] as Account
    const found = await t.data(
      conversationList,
      { limit: 20, filter: 'all', q: target.userName.slice(0, 8).toUpperCase() },
      creator,
    )
    expect(found.list.map((c) => c.peer.user_id)).toContain(target.userId)
    expect(
      found.list.every((c) => c.peer.user_name?.toLowerCase().startsWith(target.userName.slice(0, 8))),
    ).toBe(true)
    // A fan's own list has the creator.
    const mine = await t.data(conversationList, { limit: 20, filter: 'all' }, target)
    expect(mine.list).toMatchObject([{ peer: { user_id: creator.userId, is_creator: true }, unread: 0 }])
  })
})

describe('typing', () => {
  it("sends chat_typing to the other side's sockets only while both may talk", async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const stranger = await makeAccount(t)
    const id = await open(fan, creator)
    const tab = await connectSocket(url, { token: creator.token })
    try {
      const events = collect(tab, SocketChannels.chatTyping)
      expect((await t.call(chatTyping, { conversation_id: id }, fan)).status).toBe(200)
      expect((await events.next()).body).toEqual({ conversation_id: id, user_id: fan.userId })
      // Someone else's conversation, and a closed one.
      expect((await t.call(chatTyping, { conversation_id: id }, stranger)).body.error.code).toBe(
        ErrorCodes.ConversationNotFound.code,
      )
      await block(t, creator, fan)
      expect((await t.call(chatTyping, { conversation_id: id }, fan)).body.error.code).toBe(
        ErrorCodes.ChatNotAllowed.code,
      )
    } finally {
      tab.disconnect()
    }
  })
})
