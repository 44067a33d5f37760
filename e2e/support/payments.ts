import { PGlite } from '@electric-sql/pglite'
import type { Page } from 'playwright-core'
import { SPENDING_KINDS } from '../../apps/server/src/modules/ledger/accounts.ts'
import { buyCoins, finishCardSetup, startCardSetup } from '../../packages/contract/src/index.ts'
import type { Api, Caller } from './api.ts'
import { urlOf, waitUntil } from './auth.ts'

/** Stripe's test numbers, as the sandbox provider's hosted form lists them. */
export const TestCards = {
  success: '4242 4242 4242 4242',
  insufficientFunds: '4000 0000 0000 9995',
  threeDs: '4000 0027 6000 3184',
  threeDsDeclined: '4000 0084 0000 1629',
  expired: '4000 0000 0000 0069',
} as const

/** Fills the sandbox's hosted card form (the page is open) and waits to be back in the app. */
export async function fillHostedCardForm(page: Page, number: string, name = 'Test Fan'): Promise<void> {
  await page.locator('#card_number').waitFor()
  await page.locator('#card_number').fill(number)
  await page.locator('#exp').fill('12 / 34')
  await page.locator('#cvc').fill('123')
  await page.locator('#name').fill(name)
  await page.getByRole('button', { name: 'Save card' }).click()
  await waitUntil(
    'the card form to send the fan back',
    async () => urlOf(page),
    (url) => !url.includes('/sandbox/payments/'),
  )
}

/** Answers the sandbox's hosted 3DS page (it is open) and waits to be back in the app. */
export async function answerChallenge(page: Page, pass: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Complete authentication' }).waitFor()
  await page.getByRole('button', { name: pass ? 'Complete authentication' : 'Fail authentication' }).click()
  await waitUntil(
    'the 3DS page to send the fan back',
    async () => urlOf(page),
    (url) => !url.includes('/sandbox/payments/'),
  )
}

/**
 * Gives a signed-in fan coins the real way: the sandbox's hosted card form saves a test card (in `page`),
 * then a coin purchase with it. Answers the purchase's status.
 */
export async function fundWallet(page: Page, api: Api, fan: Caller, coins: number, name = 'Test Fan') {
  const setup = await api.call(startCardSetup, { return_path: '/pay/wallet' }, fan)
  await page.goto(new URL(setup.url, api.baseUrl).href)
  await fillHostedCardForm(page, TestCards.success, name)
  await api.call(finishCardSetup, { session_id: setup.session_id }, fan)
  return (await api.call(buyCoins, { coins, return_path: '/pay/coins' }, fan)).status
}

/**
 * Dates a creator's sales `days` back in a stopped server's database (PGlite's folder), as if they had been
 * made then: what a journey does to have earnings past the clearing period (server.restart's `whileDown`).
 */
export async function backdateSales(databaseDir: string, creatorId: number, days: number): Promise<number> {
  const db = new PGlite(databaseDir)
  try {
    const kinds = SPENDING_KINDS.join(',')
    const moved = await db.query(
      `UPDATE ledger_transfers SET created_at = created_at - make_interval(days => $2)
       WHERE counterparty_user_id = $1 AND kind IN (${kinds}) RETURNING id`,
      [creatorId, days],
    )
    const ids = moved.rows.map((row) => Number((row as { id: number | string }).id))
    await db.query(
      `UPDATE ledger_postings SET created_at = created_at - make_interval(days => $2)
       WHERE transfer_id = ANY($1::bigint[])`,
      [ids, days],
    )
    return ids.length
  } finally {
    await db.close()
  }
}
