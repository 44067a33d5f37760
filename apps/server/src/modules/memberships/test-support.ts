/** Test helpers of memberships: saved sandbox cards, a creator with a plan, subscribing through HTTP. */
import {
  finishCardSetup,
  membershipPlanSave,
  membershipSubscribe,
  postDetail,
  removeCard,
  startCardSetup,
} from '@velvet/contract'
import { and, eq } from 'drizzle-orm'
import type { TestApp } from '../../test/harness.ts'
import { makeVerifiedCreator } from '../../test/post-factories.ts'
import type { Account } from '../../test/social-factories.ts'
import { subscriptions } from './schema.ts'

export const Cards = {
  ok: '4242424242424242',
  insufficient: '4000000000009995',
  threeDs: '4000002760003184',
  threeDsDecline: '4000008400001629',
} as const

let keys = 0
export const newKey = () => `subs-test-${process.pid}-${++keys}-${Date.now()}`

/** Saves a sandbox test card through the hosted form flow; answers its card id. */
export async function addCard(t: TestApp, fan: Account, digits: string = Cards.ok): Promise<number> {
  const start = await t.call(startCardSetup, { return_path: '/manage/cards' }, { token: fan.token })
  if (start.status !== 200) throw new Error(`card setup failed: ${JSON.stringify(start.body)}`)
  const sessionId: string = start.body.data.session_id
  const done = await t.app.services.money.payments.sandbox.completeSetup(sessionId, {
    digits,
    expMonth: 12,
    expYear: 2035,
  })
  if (!('returnUrl' in done)) throw new Error(`card form: ${done.state}`)
  const finish = await t.call(finishCardSetup, { session_id: sessionId }, { token: fan.token })
  if (finish.status !== 200) throw new Error(`card finish failed: ${JSON.stringify(finish.body)}`)
  return finish.body.data.card.card_id
}

export async function dropCard(t: TestApp, fan: Account, cardId: number) {
  const res = await t.call(removeCard, { card_id: cardId }, { token: fan.token })
  if (res.status !== 200) throw new Error(`remove card failed: ${JSON.stringify(res.body)}`)
}

/** A verified creator with a monthly price (and whatever else the plan says). */
export async function makePlanCreator(
  t: TestApp,
  plan: { price_usd: number; bundles?: unknown[]; promo?: unknown } = { price_usd: 9.99 },
): Promise<Account> {
  const creator = await makeVerifiedCreator(t)
  const res = await t.call(membershipPlanSave, plan, { token: creator.token })
  if (res.status !== 200) throw new Error(`plan save failed: ${JSON.stringify(res.body)}`)
  return creator
}

export function subscribe(t: TestApp, fan: Account, input: Record<string, unknown>, key: string = newKey()) {
  return t.call(
    membershipSubscribe,
    { option: 'monthly', ...input },
    {
      token: fan.token,
      headers: { 'idempotency-key': key },
    },
  )
}

export async function subscriptionRow(t: TestApp, fan: Account, creator: Account) {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, fan.userId), eq(subscriptions.creatorId, creator.userId)))
  if (!row) throw new Error('no subscription row')
  return row
}

/** Whether the viewer sees the post open (not locked). */
export async function seesPost(t: TestApp, viewer: Account, postId: number): Promise<boolean> {
  const res = await t.call(postDetail, { id: postId }, { token: viewer.token })
  if (res.status !== 200) throw new Error(`post detail: ${JSON.stringify(res.body)}`)
  return res.body.data.post.lock === null
}
