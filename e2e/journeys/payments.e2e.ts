import { describe, expect, it } from 'vitest'
import { PaymentTexts, TestModeTexts } from '../../packages/contract/src/index.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { expectUrl, seriousA11yViolations, signUp, uniqueEmail, urlOf, waitUntil } from '../support/auth.ts'
import { journeyFixture } from '../support/journey.ts'
import { answerChallenge, fillHostedCardForm, TestCards } from '../support/payments.ts'

/**
 * Cards and coin purchases: a fan adds a 3DS card through the provider's hosted form, buys coins,
 * passes the 3DS page and sees the new balance; a card without funds shows the spec's text. The sandbox
 * posts its webhooks after 300 ms; the screens do not wait for them (the status call asks the provider).
 */
const journey = journeyFixture({ PAYMENTS_SANDBOX_DELAY_MS: '300' })
const SHOTS = 'issue6-payments'

describe('payments journeys', () => {
  it('adds a 3DS card on the hosted form, passes 3DS, buys coins and sees the balance', async () => {
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('nora'), 'Nora Blake')

    await page.goto('/manage/cards')
    await page.getByRole('heading', { name: 'No cards yet' }).waitFor()
    await saveShot(page, SHOTS, '01-cards-empty-414')
    // The sandbox providers run: every page says so, and what is simulated.
    const banner = page.getByRole('complementary', { name: TestModeTexts.banner })
    await banner.getByText(TestModeTexts.simulated(['payments', 'identity', 'payouts'])).waitFor()
    await page.getByRole('button', { name: 'Add card' }).click()
    await page.getByText('4000 0027 6000 3184').waitFor()
    await page.getByText(TestModeTexts.banner).waitFor()
    await saveShot(page, SHOTS, '02-hosted-card-form-414')
    await fillHostedCardForm(page, TestCards.threeDs, 'Nora Blake')
    await expectUrl(page, '/manage/cards')
    const row = page.getByRole('listitem').filter({ hasText: 'Visa •••• 3184' })
    await row.getByText('Default').waitFor()
    await row.getByText('Expires 12/34').waitFor()
    await saveShot(page, SHOTS, '03-cards-saved-414')
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.goto('/pay/coins')
    await page.getByRole('radio', { name: '500 coins for US$50.00' }).check({ force: true })
    await saveShot(page, SHOTS, '04-buy-coins-414')
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Pay US$50.00 for 500 coins' }).click()
    await waitUntil(
      'the 3DS page',
      async () => urlOf(page),
      (url) => url.includes('/sandbox/payments/3ds/'),
    )
    await saveShot(page, SHOTS, '05-3ds-challenge-414')
    await answerChallenge(page, true)
    await waitUntil(
      'the way back from 3DS',
      async () => new URL(page.url()),
      (url) => url.pathname === '/pay/coins' && url.searchParams.has('payment_id'),
    )
    await page.getByRole('heading', { name: '500 coins added' }).waitFor()
    await page.getByText('You now have 500 coins').waitFor()
    await saveShot(page, SHOTS, '06-bought-414')

    // The same account on a desktop window: the cards and the purchase screen.
    const state = await page.context().storageState()
    const desk = await journey.newPage({ ...desktopWindow, storageState: state })
    await desk.goto('/manage/cards')
    await desk.getByText('Visa •••• 3184').waitFor()
    await saveShot(desk, SHOTS, '07-cards-1440')
    await desk.goto('/pay/coins')
    await desk.getByRole('button', { name: /^Pay US\$/ }).waitFor()
    await saveShot(desk, SHOTS, '08-buy-coins-1440')

    // "Not enough coins" elsewhere (the coin sheet's way back): 3DS, the result, then back where it began.
    await page.goto(`/pay/coins?need=90&return=${encodeURIComponent('/pay/wallet')}`)
    await page.getByRole('button', { name: 'Pay US$10.00 for 100 coins' }).click()
    await answerChallenge(page, true)
    await page.getByRole('heading', { name: '100 coins added' }).waitFor()
    await page.getByText('You now have 600 coins').waitFor()
    await waitUntil(
      'the way back',
      async () => new URL(page.url()).pathname,
      (path) => path === '/pay/wallet',
    )
  })

  it("a card without funds shows the spec's text", async () => {
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('owen'), 'Owen Hart')
    await page.goto('/pay/coins?need=90')
    await page.getByText('You need 90 coins more.').waitFor()
    await page.getByRole('button', { name: 'Add a card' }).click()
    await fillHostedCardForm(page, TestCards.insufficientFunds, 'Owen Hart')
    await waitUntil(
      'the purchase screen with the card saved',
      async () => new URL(page.url()),
      (url) => url.pathname === '/pay/coins' && !url.searchParams.has('setup_session_id'),
    )
    await page.getByText('Visa •••• 9995').waitFor()
    await page.getByRole('button', { name: 'Pay US$10.00 for 100 coins' }).click()
    await page.getByRole('alert').filter({ hasText: PaymentTexts.insufficientFunds }).waitFor()
    await saveShot(page, SHOTS, '09-declined-414')
    expect(await seriousA11yViolations(page)).toEqual([])
  })

  it('keeps a fan on the loopback name they opened the app on, through the hosted form and 3DS', async () => {
    // PUBLIC_URL says 127.0.0.1; this fan typed localhost. A session lives in one origin's storage, so
    // coming back on the other name would show the sign-in again mid-flow.
    const origin = journey.server.baseUrl.replace('127.0.0.1', 'localhost')
    const page = await journey.newPage({ baseURL: origin })
    await signUp(page, journey.smtp, uniqueEmail('lena'), 'Lena Park')
    await page.goto('/pay/coins')
    await page.getByRole('button', { name: 'Add a card' }).click()
    await fillHostedCardForm(page, TestCards.threeDs, 'Lena Park')
    await waitUntil(
      'the purchase screen on localhost with the card saved',
      async () => new URL(page.url()),
      (url) =>
        url.origin === origin && url.pathname === '/pay/coins' && !url.searchParams.has('setup_session_id'),
    )
    await page.getByText('Visa •••• 3184').waitFor()
    await page.getByRole('button', { name: 'Pay US$10.00 for 100 coins' }).click()
    await waitUntil(
      'the 3DS page on localhost',
      async () => new URL(page.url()),
      (url) => url.origin === origin && url.pathname.includes('/sandbox/payments/3ds/'),
    )
    await answerChallenge(page, true)
    await page.getByRole('heading', { name: '100 coins added' }).waitFor()
    expect(new URL(page.url()).origin).toBe(origin)
  })
})
