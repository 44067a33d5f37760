/**
 * The free message allowance of paid messages under simultaneous sends, through HTTP: the
 * sender's side is locked in the send's transaction before the allowance is read and used, so a fan who
 * sends many messages at once gets exactly ChatRules.freeMessages free and pays for the rest. The race shows
 * on PostgreSQL (`npm run test:pg`); PGlite's single connection serialises the transactions.
 */
import {
  ChatRules,
  chatSend,
  conversationOpen,
  ErrorCodes,
  updatePaidMessageSettings,
} from '@velvet/contract'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { makeVerifiedCreator } from '../../test/post-factories.ts'
import { follow } from '../../test/social-factories.ts'
import { chatMessages, conversationSides } from './schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const PRICE = 20

/** A fan's conversation with a creator whose messages cost PRICE after the free ones. */
async function paidConversation() {
  const creator = await makeVerifiedCreator(t)
  const fan = await makeAccount(t)
  await follow(t, fan, creator)
  await t.data(updatePaidMessageSettings, { price: PRICE, members_free: true, creators_free: true }, creator)
  const { conversation } = await t.data(conversationOpen, { user_id: creator.userId }, fan)
  return { fan, conversation }
}

describe('the free message allowance under simultaneous sends', () => {
  it(`lets ${ChatRules.freeMessages} of 24 messages sent at once go free and refuses the rest without a price`, async () => {
    const { fan, conversation } = await paidConversation()
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.call(
          chatSend,
          {
            conversation_id: conversation.conversation_id,
            client_msg_id: `free-${process.pid}-${i}`,
            text: `hi ${i}`,
          },
          fan,
        ),
      ),
    )
    // The fan confirmed no price (paid_price 0): past the free ones each send is 6005 and stores nothing.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(ChatRules.freeMessages)
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => a.body.error.code === ErrorCodes.MessagePriceChanged.code),
    ).toBe(true)
    const [side] = await t.database.db
      .select({ freeUsed: conversationSides.freeUsed })
      .from(conversationSides)
      .where(eq(conversationSides.userId, fan.userId))
    expect(side?.freeUsed).toBe(ChatRules.freeMessages)
  })

  it('charges every message past the free ones when they are all sent at once with the price', async () => {
    const { fan, conversation } = await paidConversation()
    await mintCoins(t, fan.userId, 1_000)
    const sends = 16
    const answers = await Promise.all(
      Array.from({ length: sends }, (_, i) =>
        t.call(
          chatSend,
          {
            conversation_id: conversation.conversation_id,
            client_msg_id: `paid-${process.pid}-${i}`,
            text: `hello ${i}`,
            paid_price: PRICE,
          },
          fan,
        ),
      ),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const free = await t.database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, fan.userId), isNull(chatMessages.paidCoins)))
    expect(free).toHaveLength(ChatRules.freeMessages)
    expect(await t.app.services.money.ledger.coins(fan.userId)).toBe(
      1_000 - (sends - ChatRules.freeMessages) * PRICE,
    )
    await expectCleanLedger(t)
  })
})
