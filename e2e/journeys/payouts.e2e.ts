import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  formatUsd,
  giftCatalogue,
  PayoutRules,
  PayoutScreenTexts,
  PayoutTexts,
  payoutOverview,
  REFERRER_STORAGE_KEY,
  sendGift,
  TaxTexts,
  TransactionTexts,
  W9Certification,
} from '../../packages/contract/src/index.ts'
import { type ApiUser, sessionOf } from '../support/api.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { expectUrl, seriousA11yViolations, signUp, storedItem, uniqueEmail } from '../support/auth.ts'
import { becomeCreatorIn } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { backdateSales, fundWallet } from '../support/payments.ts'

const journey = journeyFixture()
const { api } = journey

/**
 * A creator's withdrawal: a fan buys coins with a test card (the sandbox's hosted form) and
 * sends the creator gifts, pending until they clear a week later (the server restarted with the sales dated
 * back); the creator signs a W-9 (a sample SSN refused), sees an invalid USDT address and ACH routing number
 * refused with the contract's words, adds PayPal, withdraws and follows it requested → processing → paid.
 * The referral pages are photographed on the way.
 */

const SHOTS = 'issue6-payouts'
const CREATOR = 'Lena Moss'
const FAN = 'Omar Quinn'
const COINS = 500

interface Cast {
  creator: ApiUser
  creatorState: NonNullable<BrowserContextOptions['storageState']>
}
let cast: Cast | undefined

function made(): Cast {
  if (!cast) throw new Error('the first test makes the creator and their earnings')
  return cast
}

/** A fan pays for coins with a test card and spends them on the creator's gifts (the real sale path). */
async function fanSendsGifts(page: Page, creatorId: number): Promise<number> {
  await signUp(page, journey.smtp, uniqueEmail('omar'), FAN)
  const fan = await sessionOf(page)
  expect(await fundWallet(page, api, fan, COINS, FAN)).toBe('succeeded')
  const gifts = (await api.call(giftCatalogue, undefined, fan)).list.sort((a, b) => b.coins - a.coins)
  let left = COINS
  let spent = 0
  for (const gift of gifts) {
    while (gift.coins <= left) {
      await api.call(sendGift, { gift_id: gift.id, creator_id: creatorId, post_id: null, message: null }, fan)
      left -= gift.coins
      spent += gift.coins
    }
  }
  return spent
}

describe('payout journeys', () => {
  it('a creator with earnings fills in the W-9 the first payout needs', async () => {
    const creatorPage = await journey.newPage()
    await signUp(creatorPage, journey.smtp, uniqueEmail('lena'), CREATOR)
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const spent = await fanSendsGifts(await journey.newPage(), creator.userId)
    expect(spent).toBeGreaterThanOrEqual(250)
    const earned = Math.ceil(spent * 10 * 0.8)
    // Sales of today are pending: nothing is available until they clear.
    expect(await api.call(payoutOverview, undefined, creator)).toMatchObject({
      available_cents: 0,
      clearing_cents: earned,
      clearing_days: PayoutRules.clearingDays,
    })
    const page = creatorPage
    await page.goto('/pay/payout')
    const pending = page.locator('.v-payout-balance__tile--pending')
    await expect.poll(() => pending.textContent()).toContain(formatUsd(earned))
    await page.getByText(PayoutScreenTexts.pendingHint, { exact: false }).waitFor()
    await saveShot(page, SHOTS, '01a-payout-pending-414')

    // A week and a day later (the server restarted with those sales dated back), they have cleared.
    let dated = 0
    await journey.server.restart(0, async (database) => {
      dated = await backdateSales(database, creator.userId, PayoutRules.clearingDays + 1)
    })
    expect(dated).toBeGreaterThan(0)
    expect(await api.call(payoutOverview, undefined, creator)).toMatchObject({
      available_cents: earned,
      clearing_cents: 0,
    })
    cast = { creator, creatorState: await page.context().storageState() }

    await page.goto('/pay/payout')
    await page.getByText(PayoutScreenTexts.available).waitFor()
    await page.getByText(formatUsd(earned)).first().waitFor()
    await page.getByRole('link', { name: /Add your tax information/ }).waitFor()
    await saveShot(page, SHOTS, '01-payout-first-time-414')
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByRole('link', { name: /Add your tax information/ }).click()
    await page.getByRole('heading', { name: 'Tax information' }).waitFor()
    const w9 = page.getByRole('form', { name: 'W-9' })
    await w9.getByLabel('Legal name', { exact: true }).fill('Lena Moss')
    // The sample SSN printed on forms is refused, and so is an unsigned form.
    await w9.getByLabel('Taxpayer ID (SSN)').fill('123-45-6789')
    await w9.getByLabel('Street address').fill('500 Congress Ave')
    await w9.getByLabel('City').fill('Austin')
    await w9.getByLabel('State', { exact: true }).selectOption('TX')
    await w9.getByLabel('ZIP code').fill('78701')
    await w9.getByRole('button', { name: 'Sign and save W-9' }).click()
    await w9.getByText(TaxTexts.ssnInvalid).waitFor()
    await w9.getByText(TaxTexts.certify).waitFor()
    await saveShot(page, SHOTS, '02a-tax-w9-refused-414')
    await w9.getByLabel('Taxpayer ID (SSN)').fill('512-42-7391')
    await w9.getByRole('checkbox', { name: W9Certification.checkbox }).check()
    await w9.getByLabel(W9Certification.signatureLabel).fill('Lena Moss')
    await w9.getByRole('button', { name: 'Sign and save W-9' }).scrollIntoViewIfNeeded()
    await saveShot(page, SHOTS, '02c-tax-w9-certification-414')
    await w9.getByLabel('Legal name', { exact: true }).scrollIntoViewIfNeeded()
    await saveShot(page, SHOTS, '02-tax-w9-414')
    expect(await seriousA11yViolations(page)).toEqual([])
    await w9.getByRole('button', { name: 'Sign and save W-9' }).click()
    await expectUrl(page, '/pay/payout')
    await page.getByRole('link', { name: /Add a payout method/ }).waitFor()
    await page.getByRole('link', { name: new RegExp(PayoutScreenTexts.taxOnFile('w9')) }).waitFor()
    await page.getByText(/Lena Moss, taxpayer ID ending 7391, signed/).waitFor()
    await saveShot(page, SHOTS, '02b-payout-w9-on-file-414')
  })

  it('refuses an invalid USDT address and ACH routing number with the rules’ words', async () => {
    const { creatorState } = made()
    const page = await journey.newPage({ storageState: creatorState })
    await page.goto('/pay/payout/usdt')
    const usdt = page.getByRole('form', { name: 'USDT address' })
    // The USDT contract's own address with its last character changed: the checksum fails.
    await usdt.getByLabel('TRC20 address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')
    await usdt.getByRole('button', { name: 'Save address' }).click()
    await usdt.getByText(PayoutTexts.tronChecksum).waitFor()
    await saveShot(page, SHOTS, '03-usdt-invalid-414')

    await page.goto('/pay/payout/ach')
    const ach = page.getByRole('form', { name: 'Bank account' })
    await ach.getByLabel('Name on the account').fill('Lena Moss')
    await ach.getByLabel('Routing number').fill('123456789')
    await ach.getByLabel('Account number').fill('000123456789')
    await ach.getByRole('button', { name: 'Save bank account' }).click()
    await ach.getByText(PayoutTexts.routingChecksum).waitFor()
    await saveShot(page, SHOTS, '04-ach-invalid-414')
    // The submit button's press transition has settled before contrast is measured.
    await page.mouse.move(0, 0)
    await page.waitForTimeout(400)
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  it('adds PayPal, withdraws US$20 and sees it go processing → paid', async () => {
    const { creatorState, creator } = made()
    const page = await journey.newPage({ storageState: creatorState })
    await page.goto('/pay/payout/payout_method')
    await page.getByRole('link', { name: /PayPal/ }).click()
    const paypal = page.getByRole('form', { name: 'PayPal' })
    await paypal.getByLabel('PayPal e-mail').fill('lena.moss@example.com')
    await paypal.getByRole('button', { name: 'Save PayPal' }).click()
    await expectUrl(page, '/pay/payout')

    const form = page.getByRole('form', { name: 'Withdraw' })
    await form.getByText('lena.moss@example.com').waitFor()
    // The first method, just added, is the one selected (no reload needed).
    expect(await form.locator('input[name="payout-method"]').isChecked()).toBe(true)
    await form.getByLabel('Amount (US$)').fill('20')
    const summary = page.getByLabel('Withdrawal summary')
    await expect.poll(() => summary.textContent()).toContain('US$0.25')
    expect(await summary.textContent()).toContain(PayoutScreenTexts.feeLabel('PayPal'))
    expect(await summary.textContent()).toContain('US$19.75')
    await saveShot(page, SHOTS, '05-payout-form-414')
    expect(await seriousA11yViolations(page)).toEqual([])
    await form.getByRole('button', { name: 'Withdraw US$20.00' }).click()

    await page.waitForURL(/\/pay\/payout\/success\?payout_id=\d+/)
    await page.getByRole('heading', { name: 'Withdrawal requested' }).waitFor()
    await page.getByText('Processing', { exact: true }).first().waitFor()
    await saveShot(page, SHOTS, '06-payout-processing-414')
    await page.getByRole('heading', { name: 'Sent: US$19.75' }).waitFor({ timeout: 30_000 })
    await saveShot(page, SHOTS, '07-payout-paid-414')
    expect(await seriousA11yViolations(page)).toEqual([])
    const overview = await api.call(payoutOverview, undefined, creator)
    expect(overview.pending_cents).toBe(0)

    const wide = await journey.newPage({ ...desktopWindow, storageState: creatorState })
    await wide.goto(new URL(page.url()).pathname + new URL(page.url()).search)
    await wide.getByRole('heading', { name: 'Sent: US$19.75' }).waitFor()
    await saveShot(wide, SHOTS, '08-payout-paid-1440')
    await wide.goto('/pay/payout')
    await wide.getByText('Recent withdrawals').waitFor()
    await saveShot(wide, SHOTS, '09-payout-1440')

    // The statement: the payout sent shows what was sent, with amount, fee and net; the chips fit the column.
    for (const statement of [page, wide]) {
      await statement.goto('/pay/transactions?filter=payouts')
      const sent = statement.getByRole('button', { name: new RegExp(TransactionTexts.payoutPaid) })
      await sent.waitFor()
      expect(await sent.textContent()).toContain(TransactionTexts.sent('US$19.75'))
      expect(await sent.textContent()).not.toContain('US$0.00')
      await sent.click()
      const lines = statement.locator('.v-tx__lines').first()
      await expect.poll(() => lines.textContent()).toContain('Payout fee')
      const fits = await statement.evaluate(() => {
        const chips = document.querySelector('.v-wallet-chips')
        const column = document.querySelector('main')
        if (!chips || !column) return false
        const last = chips.lastElementChild?.getBoundingClientRect()
        return !!last && last.right <= column.getBoundingClientRect().right + 0.5
      })
      const wideScreen = statement === wide
      // Wide screens wrap the chips inside the column; phones scroll them within it.
      if (wideScreen) expect(fits).toBe(true)
      expect(await statement.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      )
      await saveShot(statement, SHOTS, `09b-statement-payouts-${wideScreen ? '1440' : '414'}`)
    }

    // The creator's wallet leads with the earnings.
    await wide.goto('/pay/wallet')
    await wide.getByText('Earnings balance').waitFor()
    const order = await wide.evaluate(() => {
      const earnings = document.getElementById('wallet-earnings')?.getBoundingClientRect().top ?? 0
      const coins = document.getElementById('wallet-coins')?.getBoundingClientRect().top ?? 0
      return earnings < coins
    })
    expect(order).toBe(true)
    await saveShot(wide, SHOTS, '09c-wallet-creator-1440')
  })

  it('shows the referral programme (full width, no age gate) and the creator’s link', async () => {
    const { creatorState, creator } = made()
    const visitor = await journey.newPage(desktopWindow)
    await visitor.goto('/ref/about_referral')
    await visitor.getByRole('heading', { name: /Invite creators/ }).waitFor()
    expect(await visitor.getByRole('dialog', { name: /Adults only/ }).count()).toBe(0)
    await saveShot(visitor, SHOTS, '10-about-referral-1440')
    expect(await seriousA11yViolations(visitor)).toEqual([])

    // A visitor's /ref/{code}: the code is kept for sign-up (spec §3 "referrer id") and sign-up opens.
    await visitor.goto(`/ref/${creator.userName}`)
    await expectUrl(visitor, '/login')
    expect(await storedItem(visitor, REFERRER_STORAGE_KEY)).toContain(creator.userName)
    const phone = await journey.newPage()
    await phone.goto('/ref/about_referral')
    await phone.getByRole('heading', { name: /Invite creators/ }).waitFor()
    await saveShot(phone, SHOTS, '11-about-referral-414')

    const page = await journey.newPage({ storageState: creatorState })
    await page.goto('/ref/referral_earn')
    await page.getByText(`/ref/${creator.userName}`).waitFor()
    await page.getByText('No one yet').waitFor()
    await saveShot(page, SHOTS, '12-referral-earn-414')
    expect(await seriousA11yViolations(page)).toEqual([])
  })
})
