/**
 * Mass messages through HTTP on a real database: the limits (5,000 recipients, one per 6 hours,
 * never in the past), who an audience reaches, cancelling, and delivery into chat once per recipient with
 * the sent/opened/purchased counts. The sending jobs are driven directly (`services.mass`).
 */
import {
  chatMessages,
  chatRead,
  chatUnlock,
  conversationOpen,
  ErrorCodes,
  type MassAudienceInput,
  MassKind,
  MassStatus,
  massAudienceCount,
  massCancel,
  massCreate,
  massDetail,
  massList,
} from '@velvet/contract'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { bulkFollowers } from '../../test/mass-factories.ts'
import { makeMedia } from '../../test/media-factories.ts'
import { mintCoins } from '../../test/money-factories.ts'
import { makeMember, makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block, follow, makeCreator } from '../../test/social-factories.ts'
import { chatMessages as chatMessageRows } from '../chat/schema.ts'
import { MembershipStatus } from '../entitlements/policy.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { userListMembers, userLists } from '../social/schema.ts'
import { massStartJob } from './jobs.ts'
import { massRecipients } from './schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const HOUR = 3_600_000

let clientCounter = 0
const clientId = () => `mass-${process.pid}-${++clientCounter}`

const followers: MassAudienceInput = { kind: 'followers' }

function create(who: Account, input: Record<string, unknown>) {
  return t.call(
    massCreate,
    { client_id: clientId(), kind: MassKind.Message, audience: followers, ...input },
    who,
  )
}

/** Runs the jobs of one mass message: starts it when due and delivers it (other tests' ones stay put). */
async function runJobs(massId: number) {
  await t.app.services.mass.startDue(massId)
  await t.app.services.mass.deliver(massId)
  t.sentJobs.splice(0)
}

/** What a fan has from the creator in their conversation. */
async function inbox(fan: Account, creator: Account) {
  const { conversation } = await t.data(conversationOpen, { user_id: creator.userId }, fan)
  const page = await t.data(chatMessages, { conversation_id: conversation.conversation_id, limit: 50 }, fan)
  return { conversationId: conversation.conversation_id, messages: page.list }
}

/** A sale of `cents` from the fan to the creator through the ledger (what an unlock or gift writes). */
async function spend(fan: Account, creator: Account, cents: number) {
  const coins = cents / 10
  await mintCoins(t, fan.userId, coins)
  await t.app.services.money.ledger.transfer({
    key: `mass-test-spend-${fan.userId}-${cents}-${Math.random()}`,
    kind: TransferKind.Gift,
    actorUserId: fan.userId,
    counterpartyUserId: creator.userId,
    meta: { gross_cents: cents, coins },
    postings: [
      { account: { kind: 1, userId: fan.userId }, amount: -coins },
      { account: { kind: 101 }, amount: coins },
      { account: { kind: 102 }, amount: -cents },
      { account: { kind: 2, userId: creator.userId }, amount: (cents * 8) / 10 },
      { account: { kind: 104 }, amount: (cents * 2) / 10 },
    ],
  })
}

describe('limits', () => {
  it('refuses more than 5,000 recipients, with the count the picker shows', async () => {
    const creator = await makeVerifiedCreator(t)
    await bulkFollowers(t.database.db, creator.userId, 5_001)
    expect(await t.data(massAudienceCount, { audience: followers }, creator)).toEqual({
      count: 5_001,
      max: 5_000,
    })
    const res = await create(creator, { text: 'Hello everyone' })
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe(ErrorCodes.MassTooManyRecipients.code)
    expect(res.body.error.message).toContain('5,000')
    expect((await t.data(massList, { limit: 20 }, creator)).list).toEqual([])
  })

  it('takes exactly 5,000, then refuses a second one within 6 hours (now or scheduled), and allows it after', async () => {
    const creator = await makeVerifiedCreator(t)
    await bulkFollowers(t.database.db, creator.userId, 5_000)
    const first = await create(creator, { text: 'First' })
    expect(first.status).toBe(200)
    expect(first.body.data.mass).toMatchObject({ status: MassStatus.Scheduled, status_name: 'scheduled' })
    t.clock.advance(HOUR)
    const again = await create(creator, { text: 'Second' })
    expect(again.status).toBe(429)
    expect(again.body.error).toEqual({
      code: ErrorCodes.MassTooSoon.code,
      message: 'You can send one mass message every 6 hours.',
      fields: expect.any(Array),
    })
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const scheduledSoon = await create(creator, { text: 'Later', send_at: now + 4 * 3600 })
    expect(scheduledSoon.body.error.code).toBe(ErrorCodes.MassTooSoon.code)
    const scheduledLater = await create(creator, { text: 'Later', send_at: now + 5 * 3600 + 60 })
    expect(scheduledLater.status).toBe(200)
    // A "now" send between the two is within 6 hours of both.
    t.clock.advance(5 * HOUR + 30 * 60_000)
    expect((await create(creator, { text: 'Between' })).body.error.code).toBe(ErrorCodes.MassTooSoon.code)
    // Cancelling the scheduled one frees its window.
    await t.data(massCancel, { mass_id: scheduledLater.body.data.mass.mass_id }, creator)
    const after = await create(creator, { text: 'After' })
    expect(after.status).toBe(200)
  })

  it('refuses a schedule in the past, and answers a retried create with the first one', async () => {
    const creator = await makeVerifiedCreator(t)
    await bulkFollowers(t.database.db, creator.userId, 3)
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const past = await create(creator, { text: 'Yesterday', send_at: now - 86_400 })
    expect(past.status).toBe(400)
    expect(past.body.error.code).toBe(ErrorCodes.ScheduleInPast.code)
    expect(past.body.error.fields[0]).toMatchObject({ field: 'send_at', rule: 'mass.schedule_past' })
    const id = clientId()
    const input = {
      client_id: id,
      kind: MassKind.Message,
      audience: followers,
      text: 'Once',
      send_at: now + 600,
    }
    const a = await t.data(massCreate, input, creator)
    const b = await t.data(massCreate, input, creator)
    expect(b.mass.mass_id).toBe(a.mass.mass_id)
    expect(a.mass).toMatchObject({ send_at: now + 600, recipients: null, text: 'Once' })
  })

  it('is for creators only, and refuses an empty audience and someone else’s list', async () => {
    const fan = await makeAccount(t)
    const res = await t.call(massAudienceCount, { audience: followers }, fan)
    expect(res.body.error.code).toBe(ErrorCodes.MassCreatorsOnly.code)
    expect((await create(fan, { text: 'Hi' })).body.error.code).toBe(ErrorCodes.MassCreatorsOnly.code)
    const unverified = await makeCreator(t)
    await bulkFollowers(t.database.db, unverified.userId, 2)
    expect((await create(unverified, { text: 'Hi' })).body.error.code).toBe(
      ErrorCodes.CreatorNotVerified.code,
    )
    const lonely = await makeVerifiedCreator(t)
    expect((await create(lonely, { text: 'Hi' })).body.error.code).toBe(ErrorCodes.MassAudienceEmpty.code)
    const [list] = await t.database.db
      .insert(userLists)
      .values({ ownerId: unverified.userId, name: 'Theirs' })
      .returning()
    const theirs = { kind: 'lists', list_ids: [list?.id] }
    expect((await t.call(massAudienceCount, { audience: theirs }, lonely)).body.error.code).toBe(
      ErrorCodes.MassListNotFound.code,
    )
    const invalid = await t.call(massAudienceCount, { audience: { kind: 'spenders' } }, lonely)
    expect(invalid.status).toBe(400)
  })
})

describe('audiences', () => {
  it('reaches followers, members, expired members, spender levels and lists; never blocked people', async () => {
    const creator = await makeVerifiedCreator(t)
    const accounts: Account[] = []
    for (let i = 0; i < 8; i++) accounts.push(await makeAccount(t))
    const [plain, member, lapsed, bigSpender, smallSpender, blockedByMe, blocksMe, stranger] = accounts as [
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
    ]
    for (const fan of [plain, member, bigSpender, smallSpender, blockedByMe, blocksMe])
      await follow(t, fan, creator)
    await makeMember(t, member, creator)
    await makeMember(t, lapsed, creator, { status: MembershipStatus.Ended, periodEndMs: -86_400_000 })
    await spend(bigSpender, creator, 15_000)
    await spend(smallSpender, creator, 500)
    await spend(blockedByMe, creator, 20_000)
    await block(t, creator, blockedByMe)
    await block(t, blocksMe, creator)
    const [list] = await t.database.db
      .insert(userLists)
      .values({ ownerId: creator.userId, name: 'VIP' })
      .returning()
    const listId = list?.id as number
    await t.database.db
      .insert(userListMembers)
      .values([plain, lapsed, stranger].map((fan) => ({ listId, userId: fan.userId })))

    const countOf = async (audience: MassAudienceInput) =>
      (await t.data(massAudienceCount, { audience }, creator)).count
    expect(await countOf(followers)).toBe(4)
    expect(await countOf({ kind: 'members' })).toBe(1)
    expect(await countOf({ kind: 'expired_members' })).toBe(1)
    expect(await countOf({ kind: 'spenders', spent_level: 1 })).toBe(2)
    expect(await countOf({ kind: 'spenders', spent_level: 2 })).toBe(1)
    expect(await countOf({ kind: 'spenders', spent_level: 3 })).toBe(0)
    // A stranger in a list gets no cold message; a lapsed member in one does.
    expect(await countOf({ kind: 'lists', list_ids: [listId] })).toBe(2)

    const sent = await t.data(
      massCreate,
      {
        client_id: clientId(),
        kind: MassKind.Message,
        audience: { kind: 'spenders', spent_level: 1 },
        text: 'Thanks!',
      },
      creator,
    )
    await runJobs(sent.mass.mass_id)
    const detail = (await t.data(massDetail, { mass_id: sent.mass.mass_id }, creator)).mass
    expect(detail).toMatchObject({ status: MassStatus.Successful, status_name: 'successful', recipients: 2 })
    expect(detail.counts).toEqual({ sent: 2, opened: 0, purchased: 0 })
    for (const fan of [bigSpender, smallSpender]) {
      expect((await inbox(fan, creator)).messages.map((m) => m.text)).toEqual(['Thanks!'])
    }
    expect((await inbox(plain, creator)).messages).toEqual([])
  })
})

describe('sending', () => {
  it('delivers once per recipient however many workers run, skips who blocked since, and counts opens', async () => {
    const creator = await makeVerifiedCreator(t)
    const fans = [await makeAccount(t), await makeAccount(t), await makeAccount(t)]
    for (const fan of fans) await follow(t, fan, creator)
    const bulk = await bulkFollowers(t.database.db, creator.userId, 450)
    const { mass } = await t.data(
      massCreate,
      { client_id: clientId(), kind: MassKind.Message, audience: followers, text: 'Big news' },
      creator,
    )
    expect(t.sentJobs.filter((job) => job.queue === massStartJob.name && job.inTransaction)).toHaveLength(1)
    // Blocked after the snapshot's audience was counted, before sending: skipped.
    await t.app.services.mass.startDue()
    const [, , late] = fans as [Account, Account, Account]
    await block(t, late, creator)
    // Three "workers" at once on the same mass message, then once more.
    t.sentJobs.splice(0)
    await Promise.all([1, 2, 3].map(() => t.app.services.mass.deliver(mass.mass_id)))
    await t.app.services.mass.deliver(mass.mass_id)

    const db = t.database.db
    const [messages] = await db
      .select({ n: count() })
      .from(chatMessageRows)
      .where(
        and(eq(chatMessageRows.senderId, creator.userId), sql`${chatMessageRows.clientMsgId} LIKE 'mass:%'`),
      )
    expect(messages?.n).toBe(bulk.length + 2)
    const states = await db
      .select({ state: massRecipients.state, n: count() })
      .from(massRecipients)
      .where(eq(massRecipients.massId, mass.mass_id))
      .groupBy(massRecipients.state)
    expect(Object.fromEntries(states.map((row) => [row.state, row.n]))).toEqual({ 1: bulk.length + 2, 2: 1 })

    const [reader] = fans as [Account]
    const box = await inbox(reader, creator)
    expect(box.messages.map((m) => m.text)).toEqual(['Big news'])
    await t.data(
      chatRead,
      { conversation_id: box.conversationId, message_id: box.messages[0]?.message_id },
      reader,
    )
    const detail = (await t.data(massDetail, { mass_id: mass.mass_id }, creator)).mass
    expect(detail).toMatchObject({ status: MassStatus.Successful, recipients: bulk.length + 3 })
    expect(detail.counts).toEqual({ sent: bulk.length + 2, opened: 1, purchased: 0 })
    expect(detail.finished_at).not.toBeNull()
    const listed = await t.data(massList, { limit: 20 }, creator)
    expect(listed.list.map((m) => m.mass_id)).toEqual([mass.mass_id])
  })

  it('shares a post as its link, and a scheduled one starts on time or not at all once cancelled', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const { postId } = await makePost(t, creator)
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const scheduled = await t.data(
      massCreate,
      {
        client_id: clientId(),
        kind: MassKind.Post,
        audience: followers,
        post_id: postId,
        text: 'New post!',
        send_at: now + 3600,
      },
      creator,
    )
    expect(t.sentJobs.at(-1)).toMatchObject({
      queue: massStartJob.name,
      startAfter: new Date((now + 3600) * 1000),
    })
    await runJobs(scheduled.mass.mass_id)
    expect((await t.data(massDetail, { mass_id: scheduled.mass.mass_id }, creator)).mass.status).toBe(
      MassStatus.Scheduled,
    )
    t.clock.advance(HOUR)
    await runJobs(scheduled.mass.mass_id)
    const [message] = (await inbox(fan, creator)).messages
    expect(message?.text).toMatch(new RegExp(`^New post!\\n.*/post\\?id=${postId}$`))

    t.clock.advance(7 * HOUR)
    const later = await t.data(
      massCreate,
      {
        client_id: clientId(),
        kind: MassKind.Message,
        audience: followers,
        text: 'Never',
        send_at: now + 12 * 3600,
      },
      creator,
    )
    await t.data(massCancel, { mass_id: later.mass.mass_id }, creator)
    const sentOne = await t.call(massCancel, { mass_id: scheduled.mass.mass_id }, creator)
    expect(sentOne.body.error.code).toBe(ErrorCodes.MassNotCancellable.code)
    t.clock.advance(6 * HOUR)
    await runJobs(later.mass.mass_id)
    expect((await inbox(fan, creator)).messages).toHaveLength(1)
    expect((await t.call(massDetail, { mass_id: later.mass.mass_id }, creator)).body.error.code).toBe(
      ErrorCodes.MassNotFound.code,
    )
  })

  it('sells PPV content once: a fan who bought the same photos gets them unlocked; purchases are counted', async () => {
    const creator = await makeVerifiedCreator(t)
    const [buyer, owner] = [await makeAccount(t), await makeAccount(t)]
    for (const fan of [buyer, owner]) await follow(t, fan, creator)
    const mediaId = await makeMedia(t, creator.userId)
    const input = {
      kind: MassKind.Message,
      audience: followers,
      text: 'Exclusive',
      media: [mediaId],
      price: 50,
    }
    const first = await t.data(massCreate, { client_id: clientId(), ...input }, creator)
    await runJobs(first.mass.mass_id)
    await mintCoins(t, owner.userId, 100)
    const [ppv] = (await inbox(owner, creator)).messages
    expect(ppv).toMatchObject({ locked: true, price: 50 })
    const unlock = await t.call(
      chatUnlock,
      { message_id: ppv?.message_id, price: 50 },
      { token: owner.token, headers: { 'idempotency-key': `unlock-${owner.userId}-1` } },
    )
    expect(unlock.status).toBe(200)
    expect((await t.data(massDetail, { mass_id: first.mass.mass_id }, creator)).mass.counts).toMatchObject({
      sent: 2,
      purchased: 1,
    })

    t.clock.advance(7 * HOUR)
    const again = await t.data(massCreate, { client_id: clientId(), ...input, text: 'Again' }, creator)
    await runJobs(again.mass.mass_id)
    const unlocked = (await inbox(owner, creator)).messages.find((m) => m.text === 'Again')
    expect(unlocked).toMatchObject({ locked: false, price: 50 })
    const stillLocked = (await inbox(buyer, creator)).messages.find((m) => m.text === 'Again')
    expect(stillLocked).toMatchObject({ locked: true })
  })
})
