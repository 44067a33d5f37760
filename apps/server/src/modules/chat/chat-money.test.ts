/**
 * Money in chat through HTTP on a real database: photos and videos in messages (creators only, ready
 * uploads only), PPV messages locked for the recipient until unlocked through the ledger (once per fan and
 * content, also when the same photos come again), tips and gifts as messages, and paid messages: the free
 * allowance, the price the fan confirmed, members and creators free, the creator's reply keeping them and
 * the 72-hour refund (each once).
 */
import {
  ChatRules,
  ChatTexts,
  CoinRules,
  chatMessages,
  chatSend,
  chatTip,
  chatUnlock,
  conversationOpen,
  ErrorCodes,
  Gifts,
  MediaState,
  NotifyType,
  notificationList,
  PayoutRules,
  paidMessageSettings,
  payoutOverview,
  referralBind,
  requestPayout,
  savePayoutPaypal,
  savePayoutTax,
  TransactionTexts,
  transactionsList,
  updatePaidMessageSettings,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makeMedia } from '../../test/media-factories.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { makeMember, makeVerifiedCreator, verifyAsCreator } from '../../test/post-factories.ts'
import { type Account, block, follow } from '../../test/social-factories.ts'
import { giveEarnings, idem, W9_FORM } from '../payouts/test-factories.ts'
import { REPLY_WITHIN_MS } from './wiring.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

let counter = 0
const nextId = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${Date.now()}`

/** `who`'s call under an idempotency key (money moves once per key). */
const keyed = (who: Account, key: string) => ({ token: who.token, headers: { 'idempotency-key': key } })

const open = async (who: Account, other: Account) =>
  (await t.data(conversationOpen, { user_id: other.userId }, who)).conversation

const coinsOf = (who: Account) => t.app.services.money.ledger.coins(who.userId)
const earningsOf = (who: Account) => t.app.services.money.ledger.earningsCents(who.userId)

function sendInput(conversationId: string, extra: Record<string, unknown>) {
  return { conversation_id: conversationId, client_msg_id: nextId('msg'), text: '', ...extra }
}

/** A fan's paid message of `price` coins to `creator`, after the free ones; answers the conversation id. */
async function paidMessage(fan: Account, creator: Account, price: number): Promise<string> {
  await t.data(updatePaidMessageSettings, { price, members_free: true, creators_free: true }, creator)
  const id = (await open(fan, creator)).conversation_id
  for (let i = 0; i < ChatRules.freeMessages; i++)
    await t.data(chatSend, sendInput(id, { text: `free ${i}` }), fan)
  await mintCoins(t, fan.userId, price)
  await t.data(chatSend, sendInput(id, { text: 'paid', paid_price: price }), fan)
  return id
}

async function history(who: Account, conversationId: string) {
  return (await t.data(chatMessages, { conversation_id: conversationId }, who)).list
}

describe('photos, videos and PPV messages', () => {
  it('sends ready media (creators only), locks PPV for the fan until unlocked, once per content', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const conversation = await open(fan, creator)
    const id = conversation.conversation_id
    const photo = await makeMedia(t, creator.userId)
    const video = await makeMedia(t, creator.userId, { kind: 'video' })

    // A fan may not send media; media must be the sender's own and ready.
    const fanPhoto = await makeMedia(t, fan.userId)
    expect((await t.call(chatSend, sendInput(id, { media: [fanPhoto] }), fan)).body.error.code).toBe(
      ErrorCodes.ChatMediaCreatorsOnly.code,
    )
    const processing = await makeMedia(t, creator.userId, { state: MediaState.Processing })
    expect((await t.call(chatSend, sendInput(id, { media: [processing] }), creator)).body.error.code).toBe(
      ErrorCodes.ChatMediaInvalid.code,
    )
    expect((await t.call(chatSend, sendInput(id, { media: [fanPhoto] }), creator)).body.error.code).toBe(
      ErrorCodes.ChatMediaInvalid.code,
    )
    // PPV needs media; a message needs text or media.
    expect((await t.call(chatSend, sendInput(id, { price: 10 }), creator)).body.error.code).toBe(
      ErrorCodes.ValidationFailed.code,
    )
    expect((await t.call(chatSend, sendInput(id, {}), creator)).body.error.code).toBe(
      ErrorCodes.ValidationFailed.code,
    )

    const free = await t.data(chatSend, sendInput(id, { media: [photo], text: 'for you' }), creator)
    expect(free.message).toMatchObject({ msg_type: 2, locked: false, price: null })
    expect(free.message.media[0]?.urls?.images.length).toBeGreaterThan(0)

    const ppv = await t.data(chatSend, sendInput(id, { media: [video, photo], price: 40 }), creator)
    expect(ppv.message).toMatchObject({ msg_type: 4, price: 40, locked: false })

    // The fan sees the free photo, and only blurred previews of the PPV message.
    const [ppvSeen, freeSeen] = await history(fan, id)
    expect(freeSeen?.media[0]?.urls).not.toBeNull()
    expect(ppvSeen).toMatchObject({ message_id: ppv.message.message_id, locked: true, price: 40 })
    expect(ppvSeen?.media.map((m) => [m.kind, m.urls, typeof m.preview])).toEqual([
      ['video', null, 'string'],
      ['image', null, 'string'],
    ])

    // Unlocking: short of coins is 5004 and writes nothing; the sender cannot buy it; a changed price is 5011.
    const key = nextId('unlock')
    const short = await t.call(chatUnlock, { message_id: ppv.message.message_id, price: 40 }, keyed(fan, key))
    expect(short.body.error.code).toBe(ErrorCodes.InsufficientCoins.code)
    await mintCoins(t, fan.userId, 100)
    expect(
      (
        await t.call(
          chatUnlock,
          { message_id: ppv.message.message_id, price: 40 },
          keyed(creator, nextId('k')),
        )
      ).body.error.code,
    ).toBe(ErrorCodes.MessageNotForSale.code)
    expect(
      (await t.call(chatUnlock, { message_id: ppv.message.message_id, price: 30 }, keyed(fan, nextId('k'))))
        .body.error.code,
    ).toBe(ErrorCodes.PriceChanged.code)
    const unlocked = await t.data(
      chatUnlock,
      { message_id: ppv.message.message_id, price: 40 },
      keyed(fan, key),
    )
    expect(unlocked).toMatchObject({ charged: true, coins_spent: 40, coins: 60 })
    expect(unlocked.message.locked).toBe(false)
    expect(unlocked.message.media.every((m) => m.urls !== null)).toBe(true)
    // A replay of the key, and another key, charge nothing more.
    expect(
      await t.data(chatUnlock, { message_id: ppv.message.message_id, price: 40 }, keyed(fan, key)),
    ).toMatchObject({
      charged: true,
      coins: 60,
    })
    expect(
      await t.data(chatUnlock, { message_id: ppv.message.message_id, price: 40 }, keyed(fan, nextId('k'))),
    ).toMatchObject({ charged: false, coins_spent: 0, coins: 60 })
    expect(await coinsOf(fan)).toBe(60)

    // The same photos sent again (in any order, at any price) are the fan's already.
    const again = await t.data(chatSend, sendInput(id, { media: [photo, video], price: 99 }), creator)
    const [againSeen] = await history(fan, id)
    expect(againSeen).toMatchObject({ message_id: again.message.message_id, locked: false })
    expect(
      await t.data(chatUnlock, { message_id: again.message.message_id, price: 99 }, keyed(fan, nextId('k'))),
    ).toMatchObject({ charged: false, coins: 60 })

    // The creator's side now marks the fan as a spender.
    const creatorSide = await open(creator, fan)
    expect(creatorSide.has_spent).toBe(true)
    await expectCleanLedger(t)
  })
})

describe('what a creator sees of a fan in chat', () => {
  it('tells only the sender whether a PPV message was bought, and the creator the fan’s membership and spend', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const id = (await open(fan, creator)).conversation_id
    const photo = await makeMedia(t, creator.userId)
    const other = await makeMedia(t, creator.userId)
    const ppv = await t.data(chatSend, sendInput(id, { media: [photo], price: 25 }), creator)
    await t.data(chatSend, sendInput(id, { media: [other], price: 10 }), creator)
    const plain = await t.data(chatSend, sendInput(id, { text: 'hello' }), creator)
    // Just sent: not bought yet; a message not for sale says nothing.
    expect(ppv.message.bought).toBe(false)
    expect(plain.message.bought).toBeNull()

    const before = await open(creator, fan)
    expect(before.peer_fan).toEqual({ is_member: false, spent_cents: 0 })
    // The fan's side never carries it.
    expect((await open(fan, creator)).peer_fan).toBeNull()

    await mintCoins(t, fan.userId, 25)
    await t.data(chatUnlock, { message_id: ppv.message.message_id, price: 25 }, keyed(fan, nextId('k')))
    const [plainSeen, otherSeen, ppvSeen] = await history(creator, id)
    expect(plainSeen?.bought).toBeNull()
    expect(otherSeen?.bought).toBe(false)
    expect(ppvSeen?.bought).toBe(true)
    // The fan's copies never say whether they bought (only the sender learns it).
    expect((await history(fan, id)).map((message) => message.bought)).toEqual([null, null, null])

    await makeMember(t, fan, creator)
    const after = await open(creator, fan)
    expect(after.peer_fan?.is_member).toBe(true)
    // 25 coins at the coins' face value, gross.
    expect(after.peer_fan?.spent_cents).toBe(25 * CoinRules.faceValueCents)
    await expectCleanLedger(t)
  })
})

describe('tips and gifts in chat', () => {
  it('sends a tip or a gift as a message, once per client id, to creators only', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await mintCoins(t, fan.userId, 100)
    const id = (await open(fan, creator)).conversation_id
    const before = await earningsOf(creator)

    const clientMsgId = nextId('tip')
    const key = nextId('tip-key')
    const input = { conversation_id: id, client_msg_id: clientMsgId, coins: 25, text: 'thank you' }
    const tip = await t.data(chatTip, input, keyed(fan, key))
    expect(tip).toMatchObject({ charged: true, coins_spent: 25, coins: 75 })
    expect(tip.message).toMatchObject({ msg_type: 6, coins: 25, text: 'thank you' })
    // The same key replays; the same client id under another key stores nothing twice.
    expect((await t.data(chatTip, input, keyed(fan, key))).coins).toBe(75)
    expect(await t.data(chatTip, input, keyed(fan, nextId('tip-key')))).toMatchObject({
      charged: false,
      coins: 75,
    })
    expect(await earningsOf(creator)).toBeGreaterThan(before)

    const gift = await t.data(
      chatTip,
      { conversation_id: id, client_msg_id: nextId('gift'), gift_id: 1, text: '' },
      keyed(fan, nextId('gift-key')),
    )
    expect(gift.message).toMatchObject({ msg_type: 5, gift_id: 1, coins: 5 })
    expect(await coinsOf(fan)).toBe(70)
    const list = await history(creator, id)
    expect(list.filter((m) => m.msg_type === 6 || m.msg_type === 5)).toHaveLength(2)

    // Short of coins: 5004, nothing stored. Neither both nor none of coins and gift. A creator gets no tips from a creator to a fan.
    const poor = await t.call(
      chatTip,
      { conversation_id: id, client_msg_id: nextId('tip'), coins: 500, text: '' },
      keyed(fan, nextId('k')),
    )
    expect(poor.body.error.code).toBe(ErrorCodes.InsufficientCoins.code)
    expect(await history(creator, id)).toHaveLength(list.length)
    expect(
      (
        await t.call(
          chatTip,
          { conversation_id: id, client_msg_id: nextId('tip'), text: '' },
          keyed(fan, nextId('k')),
        )
      ).body.error.code,
    ).toBe(ErrorCodes.ValidationFailed.code)
    // Out of range: refused in the tip sheet's words.
    const tooBig = await t.call(
      chatTip,
      { conversation_id: id, client_msg_id: nextId('tip'), coins: ChatRules.tipMax + 1, text: '' },
      keyed(fan, nextId('k')),
    )
    expect(tooBig.body.error.fields).toContainEqual(
      expect.objectContaining({ field: 'coins', message: ChatTexts.tipRange }),
    )
    await follow(t, fan, creator)
    const creatorSide = await open(creator, fan)
    expect(
      (
        await t.call(
          chatTip,
          { conversation_id: creatorSide.conversation_id, client_msg_id: nextId('tip'), coins: 5, text: '' },
          keyed(creator, nextId('k')),
        )
      ).body.error.code,
    ).toBe(ErrorCodes.ChatTipNotAllowed.code)
    await expectCleanLedger(t)
  })
})

describe('chat sales on the statements', () => {
  it('names a chat unlock, tip and gift on both sides, with the tip message and the conversation', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    await mintCoins(t, fan.userId, 200)
    const id = (await open(fan, creator)).conversation_id
    const photo = await makeMedia(t, creator.userId)
    const ppv = await t.data(chatSend, sendInput(id, { media: [photo], price: 40 }), creator)
    await t.data(chatUnlock, { message_id: ppv.message.message_id, price: 40 }, keyed(fan, nextId('u')))
    const tip = { conversation_id: id, client_msg_id: nextId('tip'), coins: 25, text: 'for the song' }
    await t.data(chatTip, tip, keyed(fan, nextId('tip-key')))
    await t.data(
      chatTip,
      { conversation_id: id, client_msg_id: nextId('gift'), gift_id: 1, text: '' },
      keyed(fan, nextId('gift-key')),
    )

    const statement = async (who: Account, filter: string) =>
      (await t.data(transactionsList, { filter }, who)).list
    const room = (me: Account, them: Account) => ({
      kind: 'conversation',
      label: TransactionTexts.links.conversation,
      path: `/chatRoom?u1=${me.userId}&u2=${them.userId}`,
    })
    const rose = Gifts[0].name
    expect(await statement(fan, 'spending')).toMatchObject([
      { sale: 'chat_gift', title: `Gift sent in chat: ${rose}`, message: null, link: room(fan, creator) },
      { sale: 'chat_tip', title: 'Tip sent in chat', message: 'for the song', link: room(fan, creator) },
      { sale: 'message_unlock', title: 'Unlocked a chat message', amount: -40, link: room(fan, creator) },
    ])
    expect(await statement(creator, 'earnings')).toMatchObject([
      { sale: 'chat_gift', title: `Gift received in chat: ${rose}`, link: room(creator, fan) },
      { sale: 'chat_tip', title: 'Tip received in chat', message: 'for the song', link: room(creator, fan) },
      { sale: 'message_unlock', title: 'Chat message unlocked', post_id: null, link: room(creator, fan) },
    ])
  })
})

describe('paid messages', () => {
  it('sets the price (creators only) and lets members and creators write free by default', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    expect((await t.data(paidMessageSettings, undefined, creator)).settings).toEqual({
      price: 0,
      members_free: true,
      creators_free: true,
    })
    const refused = await t.call(
      updatePaidMessageSettings,
      { price: 5, members_free: true, creators_free: true },
      fan,
    )
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(
      (
        await t.call(
          updatePaidMessageSettings,
          { price: 10_001, members_free: true, creators_free: true },
          creator,
        )
      ).body.error.code,
    ).toBe(ErrorCodes.ValidationFailed.code)
    await t.data(updatePaidMessageSettings, { price: 15, members_free: true, creators_free: true }, creator)

    const member = await makeAccount(t)
    await makeMember(t, member, creator)
    expect(await open(member, creator)).toMatchObject({ send_price: 0, free_left: null })
    const otherCreator = await makeVerifiedCreator(t)
    expect(await open(otherCreator, creator)).toMatchObject({ send_price: 0, free_left: null })
    expect(await open(fan, creator)).toMatchObject({ send_price: 0, free_left: ChatRules.freeMessages })
    // A creator who turns members_free off charges members after their free messages too.
    await t.data(updatePaidMessageSettings, { price: 15, members_free: false, creators_free: true }, creator)
    expect(await open(member, creator)).toMatchObject({ send_price: 0, free_left: ChatRules.freeMessages })
  })

  it('gives a fan 3 free messages, then charges the confirmed price; a reply keeps it, silence refunds it', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    await t.data(updatePaidMessageSettings, { price: 20, members_free: true, creators_free: true }, creator)
    const id = (await open(fan, creator)).conversation_id
    for (let i = 0; i < ChatRules.freeMessages; i++)
      await t.data(chatSend, sendInput(id, { text: `free ${i}` }), fan)
    expect(await open(fan, creator)).toMatchObject({ send_price: 20, free_left: 0 })

    // Unconfirmed (or another) price: 6005, and nothing stored.
    const unconfirmed = await t.call(chatSend, sendInput(id, { text: 'hello?' }), fan)
    expect(unconfirmed.body.error.code).toBe(ErrorCodes.MessagePriceChanged.code)
    // No coins: 5004, nothing stored.
    const poor = await t.call(chatSend, sendInput(id, { text: 'hello?', paid_price: 20 }), fan)
    expect(poor.body.error.code).toBe(ErrorCodes.InsufficientCoins.code)
    expect(await history(fan, id)).toHaveLength(ChatRules.freeMessages)

    await mintCoins(t, fan.userId, 100)
    const paidInput = sendInput(id, { text: 'paid one', paid_price: 20 })
    const paid = await t.data(chatSend, paidInput, fan)
    expect(paid.message).toMatchObject({ paid_coins: 20, refunded: false })
    // A retry of the same client id is stored and charged once.
    expect((await t.data(chatSend, paidInput, fan)).message.message_id).toBe(paid.message.message_id)
    expect(await coinsOf(fan)).toBe(80)
    const earnedAfterFirst = await earningsOf(creator)
    expect(earnedAfterFirst).toBeGreaterThan(0)
    // The creator hears of it as of any sale (30, under Purchases): their earnings summary counts it.
    const purchases = await t.data(notificationList, { kind: 'purchases', limit: 30 }, creator)
    expect(purchases.list).toEqual([
      expect.objectContaining({ notify_type: NotifyType.ItemPurchased, meta: { tokens: 20 } }),
    ])

    // The creator replies: the first paid message is kept; the refund job leaves it alone.
    await t.data(chatSend, sendInput(id, { text: 'hi!' }), creator)
    const second = await t.data(chatSend, sendInput(id, { text: 'paid two', paid_price: 20 }), fan)
    expect(await coinsOf(fan)).toBe(60)

    // 72 hours without a reply: the second comes back, once, even if the job runs twice.
    t.clock.advance(REPLY_WITHIN_MS + 60_000)
    expect(await t.app.services.chat.refundUnanswered(REPLY_WITHIN_MS)).toBe(1)
    expect(await t.app.services.chat.refundUnanswered(REPLY_WITHIN_MS)).toBe(0)
    expect(await coinsOf(fan)).toBe(80)
    expect(await earningsOf(creator)).toBe(earnedAfterFirst)
    const seen = await history(fan, id)
    expect(seen.find((m) => m.message_id === second.message.message_id)).toMatchObject({
      paid_coins: 20,
      refunded: true,
    })
    expect(seen.find((m) => m.message_id === paid.message.message_id)?.refunded).toBe(false)
    await expectCleanLedger(t)
  })

  it("keeps a paid message's share out of withdrawals until the creator answers", async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    await giveEarnings(t, creator.userId, 500)
    await t.data(savePayoutTax, W9_FORM, creator)
    const method = await t.data(savePayoutPaypal, { email: `${creator.userName}@example.com` }, creator)
    const earned = await earningsOf(creator)
    const overview = () => t.data(payoutOverview, {}, creator)
    expect(await overview()).toMatchObject({ available_cents: earned, held_cents: 0 })

    const id = await paidMessage(fan, creator, 2_000)
    const held = (await earningsOf(creator)) - earned
    expect(held).toBeGreaterThan(0)
    expect(await overview()).toMatchObject({
      available_cents: earned,
      held_cents: held,
      clearing_cents: held,
    })
    // Asking for more than the unheld part is refused, though the wallet holds it.
    const tooMuch = await t.call(
      requestPayout,
      { amount_cents: earned + 1, method_id: method.method_id },
      { token: creator.token, headers: idem() },
    )
    expect(tooMuch.body.error.code).toBe(ErrorCodes.PayoutNotCleared.code)

    // The reply makes it the creator's: no longer held, pending until the sale clears, then withdrawable.
    await t.data(chatSend, sendInput(id, { text: 'thanks!' }), creator)
    expect(await overview()).toMatchObject({ available_cents: earned, held_cents: 0, clearing_cents: held })
    t.clock.advance(PayoutRules.clearingDays * 86_400_000 + 1_000)
    expect(await overview()).toMatchObject({
      available_cents: earned + held,
      held_cents: 0,
      clearing_cents: 0,
    })
    const all = await t.data(
      requestPayout,
      { amount_cents: earned + held, method_id: method.method_id },
      { token: creator.token, headers: idem() },
    )
    expect(all.amount_cents).toBe(earned + held)
    await expectCleanLedger(t)
  })

  it("keeps the referrer's share of a paid message out of their withdrawals until the creator answers", async () => {
    const referrer = await makeVerifiedCreator(t)
    await giveEarnings(t, referrer.userId, 500)
    await t.data(savePayoutTax, W9_FORM, referrer)
    const method = await t.data(savePayoutPaypal, { email: `${referrer.userName}@example.com` }, referrer)
    const creator = await makeAccount(t)
    await t.data(referralBind, { code: referrer.userName }, creator)
    await verifyAsCreator(t, creator)
    const fan = await makeAccount(t)
    const earned = await earningsOf(referrer)
    const overview = () => t.data(payoutOverview, {}, referrer)

    const id = await paidMessage(fan, creator, 2_000)
    const share = (await earningsOf(referrer)) - earned
    expect(share).toBeGreaterThan(0)
    expect(await overview()).toMatchObject({
      available_cents: earned,
      held_cents: 0,
      referral_held_cents: share,
      clearing_cents: share,
    })
    const tooMuch = await t.call(
      requestPayout,
      { amount_cents: earned + 1, method_id: method.method_id },
      { token: referrer.token, headers: idem() },
    )
    expect(tooMuch.body.error.code).toBe(ErrorCodes.PayoutNotCleared.code)

    // The referred creator's reply makes it the referrer's: pending until the sale clears, then withdrawable.
    await t.data(chatSend, sendInput(id, { text: 'thanks!' }), creator)
    expect(await overview()).toMatchObject({ available_cents: earned, referral_held_cents: 0 })
    t.clock.advance(PayoutRules.clearingDays * 86_400_000 + 1_000)
    expect(await overview()).toMatchObject({ available_cents: earned + share, referral_held_cents: 0 })
    const all = await t.data(
      requestPayout,
      { amount_cents: earned + share, method_id: method.method_id },
      { token: referrer.token, headers: idem() },
    )
    expect(all.amount_cents).toBe(earned + share)
    await expectCleanLedger(t)
  })

  it('refuses paid messages and unlocks once a block closes the conversation', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const id = (await open(fan, creator)).conversation_id
    const photo = await makeMedia(t, creator.userId)
    const ppv = await t.data(chatSend, sendInput(id, { media: [photo], price: 5 }), creator)
    await mintCoins(t, fan.userId, 10)
    await block(t, creator, fan)
    expect(
      (await t.call(chatUnlock, { message_id: ppv.message.message_id, price: 5 }, keyed(fan, nextId('k'))))
        .body.error.code,
    ).toBe(ErrorCodes.ChatNotAllowed.code)
    expect((await t.call(chatSend, sendInput(id, { text: 'hey' }), fan)).body.error.code).toBe(
      ErrorCodes.ChatNotAllowed.code,
    )
    expect(await coinsOf(fan)).toBe(10)
  })
})
