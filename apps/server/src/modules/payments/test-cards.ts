/** Test helpers: save a sandbox test card through the hosted form, buy coins (payments tests and others). */
import { buyCoins, finishCardSetup, type SavedCard, startCardSetup } from '@velvet/contract'
import type { TestApp } from '../../test/harness.ts'

export const TestCards = {
  success: '4242 4242 4242 4242',
  insufficientFunds: '4000 0000 0000 9995',
  threeDs: '4000 0027 6000 3184',
  threeDsDeclined: '4000 0084 0000 1629',
  expired: '4000 0000 0000 0069',
} as const

/** Fills the sandbox's hosted card form like a browser (URL-encoded POST), without following the 303. */
export async function submitCardForm(url: string, number: string, exp = '12 / 34', cvc = '123') {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card_number: number, exp, cvc, name: 'Test Fan' }),
    redirect: 'manual',
  })
}

/** Saves a card for `token`'s account: hosted form (needs a listening app), then the finish call. */
export async function addCard(t: TestApp, token: string, number: string = TestCards.success) {
  const started = await t.call(startCardSetup, { return_path: '/manage/cards' }, { token })
  if (started.status !== 200) throw new Error(`card setup failed: ${JSON.stringify(started.body)}`)
  const posted = await submitCardForm(started.body.data.url, number)
  if (posted.status !== 303) throw new Error(`card form answered ${posted.status}`)
  const back = new URL(posted.headers.get('location') ?? '')
  const sessionId = back.searchParams.get('setup_session_id') ?? ''
  const finished = await t.call(finishCardSetup, { session_id: sessionId }, { token })
  if (finished.status !== 200) throw new Error(`card finish failed: ${JSON.stringify(finished.body)}`)
  return finished.body.data.card as SavedCard
}

let keyCounter = 0

export function newKey(prefix = 'buy'): string {
  keyCounter += 1
  return `${prefix}-${process.pid}-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`
}

export function buyCoinsAs(
  t: TestApp,
  token: string,
  coins: number,
  key: string = newKey(),
  extra: { card_id?: number; return_path?: string } = {},
) {
  return t.call(buyCoins, { coins, ...extra }, { token, headers: { 'idempotency-key': key } })
}
