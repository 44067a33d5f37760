import type { BrowserContextOptions } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type Post, Visibility, walletSummary } from '../../packages/contract/src/index.ts'
import { type ApiUser, sessionOf } from '../support/api.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { expectUrl, seriousA11yViolations, signUp, uniqueEmail, urlOf, waitUntil } from '../support/auth.ts'
import { becomeCreatorIn, openCreatorProfile } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { photoJpeg } from '../support/media.ts'
import { fillHostedCardForm, TestCards } from '../support/payments.ts'
import { publishByApi, uploadByApi } from '../support/posts.ts'

const journey = journeyFixture()
const { api } = journey

/**
 * What a fan spends: a fan without coins taps a pay-per-view post's price, buys coins from the
 * unlock (the coin sheet, the sandbox provider's hosted card form, /pay/coins) and comes back to the unlock,
 * unlocks it (the post opens with its photo), sends the creator a gift from the post (its animation plays),
 * and sees the wallet and transactions; the creator sees the sale with every fee line.
 */

const SHOTS = 'issue6-wallet'
const CREATOR = 'Mira Vale'
const FAN = 'Theo Park'
const PRICE = 120

interface Cast {
  creator: ApiUser
  creatorState: NonNullable<BrowserContextOptions['storageState']>
  fan: ApiUser
  fanState: NonNullable<BrowserContextOptions['storageState']>
  post: Post
  /** The fan's coins after the unlock. */
  coins: number
}
let cast: Cast | undefined

function made(): Cast {
  if (!cast) throw new Error('the first test makes the creator, the fan and the post')
  return cast
}

describe('wallet journeys', () => {
  it('a fan without coins buys them from the unlock (card form, pay) and comes back to unlock the post', async () => {
    const creatorPage = await journey.newPage()
    await signUp(creatorPage, journey.smtp, uniqueEmail('mira'), CREATOR)
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const media = await uploadByApi(api, creator, [await photoJpeg(1200, 1500)])
    const post = await publishByApi(api, creator, {
      media,
      caption: 'Golden hour, the full set',
      visibility: Visibility.PPV,
      price: PRICE,
    })
    const creatorState = await creatorPage.context().storageState()

    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('theo'), FAN)
    const fan = await sessionOf(page)

    await page.goto(`/post?id=${post.post_id}`)
    await page
      .getByRole('button', { name: `Unlock for ${PRICE} coins` })
      .first()
      .click()
    const sheet = page.getByRole('dialog', { name: 'Unlock this post' })
    await sheet.getByText(`You need ${PRICE} coins more to unlock this post.`).waitFor()
    await sheet.getByText('You have 0 coins.').waitFor()
    await saveShot(page, SHOTS, '01-unlock-not-enough-414')
    expect(await seriousA11yViolations(page)).toEqual([])

    // The payments helper's coin sheet takes the unlock sheet's place; the first card is added on the
    // provider's hosted form, which comes back to /pay/coins with the need and the way back.
    await sheet.getByRole('button', { name: 'Buy coins' }).click()
    const coinSheet = page.getByRole('dialog', { name: 'Buy coins' })
    await coinSheet.getByText(`You need ${PRICE} coins more.`).waitFor()
    await saveShot(page, SHOTS, '02-buy-coins-sheet-414')
    await coinSheet.getByRole('button', { name: 'Add a card' }).click()
    await fillHostedCardForm(page, TestCards.success, FAN)
    await waitUntil(
      'the coin purchase with the way back',
      async () => new URL(urlOf(page), api.baseUrl),
      (url) =>
        url.pathname === '/pay/coins' &&
        url.searchParams.get('return') === `/post?id=${post.post_id}&unlock=${post.post_id}`,
    )
    const pay = page.getByRole('button', { name: /^Pay US\$/ })
    await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true)
    await pay.click()

    // Paid: /pay/coins sends the fan back, and the unlock sheet opens again by itself.
    const again = page.getByRole('dialog', { name: 'Unlock this post' })
    await again.getByText(/You have [\d,]+ coins\./).waitFor({ timeout: 20_000 })
    await expectUrl(page, `/post?id=${post.post_id}`)
    const bought = (await api.call(walletSummary, undefined, fan)).coins
    expect(bought).toBeGreaterThanOrEqual(PRICE)
    await saveShot(page, SHOTS, '03-unlock-confirm-414')
    await again.getByRole('button', { name: `Unlock for ${PRICE} coins` }).click()
    await again.waitFor({ state: 'detached' })
    await page.getByText('Unlocked', { exact: true }).waitFor()
    const article = page.getByRole('article').first()
    await article.locator('.v-media img').first().waitFor()
    expect(await article.getByRole('button', { name: /Unlock for/ }).count()).toBe(0)
    await saveShot(page, SHOTS, '04-unlocked-414')
    expect((await api.call(walletSummary, undefined, fan)).coins).toBe(bought - PRICE)
    cast = {
      creator,
      creatorState,
      fan,
      fanState: await page.context().storageState(),
      post,
      coins: bought - PRICE,
    }

    // A reload shows it open: the server has it unlocked.
    await page.reload()
    await article.locator('.v-media img').first().waitFor()
  })

  it('sends the creator a gift from the post; its animation plays', async () => {
    const { fanState, post, fan, coins } = made()
    const page = await journey.newPage({ storageState: fanState })
    await page.goto(`/post?id=${post.post_id}`)
    await page.getByRole('button', { name: 'Send a gift' }).first().click()
    const sheet = page.getByRole('dialog', { name: `Send ${CREATOR} a gift` })
    await sheet.getByText(`You have ${coins} coins`).waitFor()
    await sheet.getByRole('button', { name: /Champagne/ }).click()
    await sheet.getByLabel('Message (optional)').fill('Stunning light!')
    await saveShot(page, SHOTS, '05-gift-sheet-414')
    expect(await seriousA11yViolations(page)).toEqual([])
    await sheet.getByRole('button', { name: 'Send Champagne · 100 coins' }).click()
    const animation = page.locator('.v-gift-play')
    await animation.waitFor()
    await page.waitForTimeout(600)
    await saveShot(page, SHOTS, '06-gift-animation-414')
    await animation.waitFor({ state: 'detached', timeout: 10_000 })
    const summary = await api.call(walletSummary, undefined, fan)
    expect(summary.coins).toBe(coins - 100)

    // The creator's profile has the gift button among its actions too.
    const { creator } = made()
    await openCreatorProfile(page, creator.userName, creator.nickname)
    await page.getByRole('button', { name: 'Send a gift' }).waitFor()
    await saveShot(page, SHOTS, '06b-profile-gift-button-414')
  })

  it('shows the fan the wallet and the transactions', async () => {
    const { fanState, coins } = made()
    for (const [size, options] of [
      ['414', { storageState: fanState }],
      ['1440', { ...desktopWindow, storageState: fanState }],
    ] as const) {
      const page = await journey.newPage(options)
      await page.goto('/pay/wallet')
      await page.getByText(`${coins - 100} coins`).waitFor()
      await page.getByText('Under $100').first().waitFor()
      await saveShot(page, SHOTS, `07-wallet-${size}`)
      if (size === '414') expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole('link', { name: 'Transactions' }).click()
      await page.getByText('Unlocked a post').waitFor()
      await page.getByText('Gift sent: Champagne').waitFor()
      await page.getByText(/^Bought [\d,]+ coins$/).waitFor()
      await saveShot(page, SHOTS, `08-transactions-fan-${size}`)
    }
  })

  it("shows the creator each sale's gross, platform fee and net", async () => {
    const { creatorState } = made()
    for (const [size, options] of [
      ['414', { storageState: creatorState }],
      ['1440', { ...desktopWindow, storageState: creatorState }],
    ] as const) {
      const page = await journey.newPage(options)
      await page.goto('/pay/transactions?filter=earnings')
      const sale = page.getByRole('button', { name: /Post unlocked/ })
      await sale.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
        await saveShot(page, SHOTS, `debug-creator-${size}`)
        throw error
      })
      await sale.click()
      const lines = page.locator('.v-tx__lines')
      await lines.getByText('Gross').waitFor()
      await expect.poll(() => lines.textContent()).toContain('US$12.00')
      expect(await lines.textContent()).toContain('Platform fee')
      expect(await lines.textContent()).toContain('\u2212US$2.40')
      expect(await lines.textContent()).toContain('US$9.60')
      await saveShot(page, SHOTS, `09-transactions-creator-${size}`)
      if (size === '414') expect(await seriousA11yViolations(page)).toEqual([])
      await page.goto('/pay/wallet')
      await page.getByText('Earnings balance').waitFor()
      await saveShot(page, SHOTS, `10-wallet-creator-${size}`)
    }
  })
})
