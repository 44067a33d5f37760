import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startPushEndpoint } from '../../apps/server/src/test/push-endpoint.ts'
import {
  addDeviceInstallation,
  ChatRules,
  ChatTexts,
  CoinRules,
  chatSend,
  conversationOpen,
  followUser,
  formatUsd,
  Timing,
  TransactionTexts,
  walletSummary,
} from '../../packages/contract/src/index.ts'
import { type ApiUser, signUpByApi } from '../support/api.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { seriousA11yViolations, signUp, uniqueEmail, waitUntil } from '../support/auth.ts'
import { becomeCreator, becomeCreatorIn } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { photoJpeg } from '../support/media.ts'
import { fundWallet } from '../support/payments.ts'
import { deliverPush, waitForServiceWorker } from '../support/push.ts'

// Web push to the loopback push service below (http, which a real browser subscription never is).
const journey = journeyFixture({ PUSH_ALLOW_HTTP: '1' })
const SHOTS = 'issue7-chat-money'
const { api } = journey

const PRICE = 10
const PPV = 25
const TIP = 25

const bubbles = (page: Page, name: string) => page.getByRole('list', { name: `Messages with ${name}` })
const coinsOf = async (fan: ApiUser) => (await api.call(walletSummary, undefined, fan)).coins

/**
 * Money in chat: a creator sets a paid message price on /setting/paid_message; a fan writes their
 * free messages, then pays for the next one; the creator sends a photo as a pay-per-view message, which the
 * fan sees blurred with its price and unlocks; the fan tips. Two browser contexts, live over the socket.
 */
describe('chat money journeys', () => {
  it('charges a fan after the free messages, sells a PPV photo in chat and takes a tip', async () => {
    // Rita, a creator, referred Mia (named in Mia's creator audit): she earns a share of Mia's sales.
    const { page: referrerPage, me: referrer } = await journey.signedUpPage('referrer', 'Rita Referrer')
    await becomeCreator(api, referrer, 'Rita Referrer')
    const creatorPage = await journey.newPage()
    await signUp(creatorPage, journey.smtp, uniqueEmail('paidcreator'), 'Mia Creator')
    const creator = await becomeCreatorIn(creatorPage, api, '/home', referrer.userName)

    // The creator sets a price; the screen states the rule.
    await creatorPage.goto('/setting/paid_message')
    await creatorPage.getByRole('heading', { level: 1, name: 'Paid messages' }).waitFor()
    await creatorPage.getByText(/then each message costs your price/).waitFor()
    await creatorPage.getByRole('textbox', { name: 'Price per message (coins)' }).fill(String(PRICE))
    await creatorPage.getByRole('button', { name: 'Save' }).click()
    await creatorPage.getByText('Paid message price saved.').waitFor()
    await saveShot(creatorPage, SHOTS, 'mobile-paid-message-setting')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])

    const { page: fanPage, me: fan } = await journey.signedUpPage('paidfan', 'Leo Fan')
    await api.call(followUser, { user_id: creator.userId }, fan)
    expect(await fundWallet(fanPage, api, fan, 100, 'Leo Fan')).toBe('succeeded')
    const bought = await coinsOf(fan)

    // Three free messages, counted down above the composer; then the price and the 72-hour rule.
    await fanPage.goto(`/chatRoom?u1=${fan.userId}&u2=${creator.userId}`)
    const composer = fanPage.getByRole('textbox', { name: 'Write a message' })
    await fanPage.getByText(`${ChatRules.freeMessages} free messages left`).waitFor()
    for (let i = 1; i <= ChatRules.freeMessages; i++) {
      await composer.fill(`Free message ${i}`)
      await composer.press('Enter')
      await bubbles(fanPage, 'Mia Creator').getByText(`Free message ${i}`).waitFor()
    }
    await fanPage
      .getByText(`Each message costs ${PRICE} coins. Refunded if there is no reply within 72 hours.`)
      .waitFor()
    await composer.fill('This one I pay for')
    await fanPage.getByRole('button', { name: `Send for ${PRICE} coins` }).click()
    await bubbles(fanPage, 'Mia Creator').getByText(`Paid message · ${PRICE} coins`).waitFor()
    await waitUntil(
      'the paid message to be charged',
      () => coinsOf(fan),
      (coins) => coins === bought - PRICE,
    )
    await saveShot(fanPage, SHOTS, 'mobile-paid-message')

    // Until the creator answers, their share is held apart on /pay/payout, with the rule.
    await creatorPage.goto('/pay/payout')
    await creatorPage.getByText(ChatTexts.heldHint).waitFor()
    const held = creatorPage.locator('dt', { hasText: ChatTexts.heldLabel }).locator('+ dd')
    expect(await held.textContent()).toMatch(/^US\$\d+\.\d\d$/)
    expect(await held.textContent()).not.toBe('US$0.00')
    await saveShot(creatorPage, SHOTS, 'mobile-payout-held')
    const wide = await journey.newPage({
      ...desktopWindow,
      storageState: await creatorPage.context().storageState(),
    })
    await wide.goto('/pay/payout')
    await wide.getByText(ChatTexts.heldLabel).waitFor()
    await saveShot(wide, SHOTS, 'desktop-payout-held')
    await wide.close()

    // The referrer's share of it is held too, on its own line, until Mia answers.
    await referrerPage.goto('/pay/payout')
    await referrerPage.getByText(ChatTexts.referralHeldHint).waitFor()
    const referralHeld = referrerPage.locator('dt', { hasText: ChatTexts.referralHeldLabel }).locator('+ dd')
    expect(await referralHeld.textContent()).toMatch(/^US\$\d+\.\d\d$/)
    expect(await referralHeld.textContent()).not.toBe('US$0.00')
    expect(await referrerPage.getByText(ChatTexts.heldLabel).count()).toBe(0)
    await saveShot(referrerPage, SHOTS, 'mobile-payout-referral-held')
    const wideReferrer = await journey.newPage({
      ...desktopWindow,
      storageState: await referrerPage.context().storageState(),
    })
    await wideReferrer.goto('/pay/payout')
    await wideReferrer.getByText(ChatTexts.referralHeldLabel).waitFor()
    await saveShot(wideReferrer, SHOTS, 'desktop-payout-referral-held')
    await wideReferrer.close()

    // The creator answers with a photo sold as pay-per-view.
    await creatorPage.goto(`/chatRoom?u1=${creator.userId}&u2=${fan.userId}`)
    await bubbles(creatorPage, 'Leo Fan').getByText('This one I pay for').waitFor()
    await creatorPage.getByTestId('chat-media-input').setInputFiles(await photoJpeg(900, 1200))
    const tiles = creatorPage.getByRole('list', { name: 'Photos and videos to send' })
    await tiles.getByRole('listitem').waitFor()
    await creatorPage.getByRole('checkbox', { name: 'Sell as pay-per-view' }).check()
    await creatorPage.getByRole('textbox', { name: 'Price in coins' }).fill(String(PPV))
    await creatorPage.getByRole('textbox', { name: 'Write a message' }).fill('Just for you')
    const send = creatorPage.getByRole('button', { name: 'Send', exact: true })
    // Sending waits for the photo to be processed.
    await waitUntil('the photo to be ready to send', () => send.isEnabled(), Boolean, 60_000)
    await saveShot(creatorPage, SHOTS, 'mobile-ppv-composer')
    await send.click()
    await bubbles(creatorPage, 'Leo Fan').getByText('Just for you').waitFor()
    await bubbles(creatorPage, 'Leo Fan').getByText(`${PPV} coins`, { exact: true }).waitFor()
    // The creator's own PPV message says whether the fan bought it.
    await bubbles(creatorPage, 'Leo Fan').getByText(ChatTexts.ppvNotBought).waitFor()

    // The fan sees it arrive live, blurred with its price, and unlocks it.
    const unlock = bubbles(fanPage, 'Mia Creator').getByRole('button', { name: `Unlock for ${PPV} coins` })
    await unlock.waitFor()
    expect(await bubbles(fanPage, 'Mia Creator').locator('.v-media-image__img').count()).toBe(0)
    await saveShot(fanPage, SHOTS, 'mobile-ppv-locked')
    expect(await seriousA11yViolations(fanPage)).toEqual([])
    await unlock.click()
    const sheet = fanPage.getByRole('dialog', { name: 'Unlock this message' })
    await sheet.getByText('A message from Mia Creator').waitFor()
    await sheet.getByRole('button', { name: `Unlock for ${PPV} coins` }).click()
    await bubbles(fanPage, 'Mia Creator').locator('.v-media-image__img').first().waitFor()
    expect(await coinsOf(fan)).toBe(bought - PRICE - PPV)
    await saveShot(fanPage, SHOTS, 'mobile-ppv-unlocked')

    // A tip, as a message the creator sees live.
    await fanPage.getByRole('button', { name: 'Tip Mia Creator' }).click()
    const tipSheet = fanPage.getByRole('dialog', { name: 'Tip Mia Creator' })
    await tipSheet.getByRole('button', { name: String(TIP), exact: true }).click()
    await saveShot(fanPage, SHOTS, 'mobile-tip-sheet')
    await tipSheet.getByRole('button', { name: `Tip ${TIP} coins` }).click()
    await bubbles(creatorPage, 'Leo Fan').getByText(`Sent a tip of ${TIP} coins`).waitFor()
    expect(await coinsOf(fan)).toBe(bought - PRICE - PPV - TIP)

    // The creator's room: the PPV message bought (live, on the sale's notice), and the fan's spend under
    // their name.
    await bubbles(creatorPage, 'Leo Fan').getByText(ChatTexts.ppvBought, { exact: true }).waitFor()
    const spent = formatUsd((PRICE + PPV + TIP) * CoinRules.faceValueCents)
    await creatorPage.getByText(ChatTexts.fanSpent(spent)).waitFor()
    expect(await bubbles(fanPage, 'Mia Creator').getByText(ChatTexts.ppvBought).count()).toBe(0)
    await saveShot(creatorPage, SHOTS, 'mobile-creator-room-bought')
    const creatorDesk = await journey.newPage({
      ...desktopWindow,
      storageState: await creatorPage.context().storageState(),
    })
    await creatorDesk.goto(`/chatRoom?u1=${creator.userId}&u2=${fan.userId}`)
    await bubbles(creatorDesk, 'Leo Fan').getByText(ChatTexts.ppvBought, { exact: true }).waitFor()
    await saveShot(creatorDesk, SHOTS, 'desktop-creator-room-bought')
    await creatorDesk.close()

    // The room at 1440x900.
    const desktop = await journey.newPage({
      ...desktopWindow,
      storageState: await fanPage.context().storageState(),
    })
    await desktop.goto(`/chatRoom?u1=${fan.userId}&u2=${creator.userId}`)
    await bubbles(desktop, 'Mia Creator').getByText(`Sent a tip of ${TIP} coins`).waitFor()
    await saveShot(desktop, SHOTS, 'desktop-chat-money')

    // Both statements name the chat sales for what they were and lead back to the conversation.
    const { sale } = TransactionTexts
    await fanPage.goto('/pay/transactions?filter=spending')
    await fanPage.getByText(sale.chat_tip.buyer(), { exact: true }).waitFor()
    await fanPage.getByText(sale.message_unlock.buyer(), { exact: true }).waitFor()
    expect(await fanPage.getByText(/Post unlocked|Unlocked a post|Gift: gift/).count()).toBe(0)
    await saveShot(fanPage, SHOTS, 'mobile-statement-fan')
    await creatorPage.goto('/pay/transactions?filter=earnings')
    const tipLine = creatorPage.getByRole('button', { name: new RegExp(sale.chat_tip.seller()) })
    await tipLine.click()
    await creatorPage.getByText(sale.message_unlock.seller(), { exact: true }).waitFor()
    const open = creatorPage.getByRole('link', { name: TransactionTexts.links.conversation }).first()
    expect(await open.getAttribute('href')).toBe(`/chatRoom?u1=${creator.userId}&u2=${fan.userId}`)
    await saveShot(creatorPage, SHOTS, 'mobile-statement-creator')
    await desktop.goto('/pay/transactions?filter=spending')
    await desktop.getByText(sale.chat_tip.buyer(), { exact: true }).waitFor()
    await saveShot(desktop, SHOTS, 'desktop-statement-fan')
  })

  it('pushes a message to a creator who is offline, and the service worker shows it', async () => {
    const pushService = await startPushEndpoint()
    try {
      const context = await journey.adultContext()
      await context.grantPermissions(['notifications'], { origin: journey.server.baseUrl })
      const creatorPage = await context.newPage()
      await signUp(creatorPage, journey.smtp, uniqueEmail('pushcreator'), 'Ivy Creator')
      const creator = await becomeCreatorIn(creatorPage, api, '/home')
      await waitForServiceWorker(creatorPage)
      // The creator's device subscribes (Chromium cannot reach a real push service from here: the
      // subscription points at the loopback one, with its own keys).
      const subscription = pushService.subscription('ivy')
      await api.call(
        addDeviceInstallation,
        { installation_id: subscription.installationId, device_id: 'ivy-phone' },
        creator,
      )
      // The creator leaves the app: no socket is open any more.
      await creatorPage.close()

      const fan = await signUpByApi(api, journey.smtp, {
        email: uniqueEmail('pushfan'),
        nickname: 'Noah Fan',
      })
      const { conversation } = await api.call(conversationOpen, { user_id: creator.userId }, fan)
      // Sent again until the server sees the creator offline (the socket's close may take a moment), at most
      // every 1.5 s: the check below runs every 50 ms, and a send each time met the per-address rate limit
      // (600 a minute) on a loaded machine.
      let lastSentAt = 0
      await waitUntil(
        'the message to go out as a push',
        async () => {
          if (pushService.received.length === 0 && Date.now() - lastSentAt >= 1_500) {
            lastSentAt = Date.now()
            await api.call(
              chatSend,
              {
                conversation_id: conversation.conversation_id,
                client_msg_id: `push-${Date.now()}`,
                text: 'Are you online?',
              },
              fan,
            )
          }
          return pushService.received.length
        },
        (count) => count > 0,
        // A socket that vanishes without a clean close is noticed at the next missed heartbeat: the wait
        // covers the heartbeat and its timeout, with room for a loaded machine.
        Timing.heartbeatMs + Timing.heartbeatTimeoutMs + 10_000,
      )
      const push = pushService.received[0]
      expect(push?.path).toBe(subscription.path)
      const payload = subscription.decrypt(push?.body ?? Buffer.alloc(0))
      expect(JSON.parse(payload)).toMatchObject({ title: 'Noah Fan', body: 'sent you a message' })

      // The encrypted push, opened, is what the service worker shows.
      const page = await context.newPage()
      await page.goto('/home')
      await waitForServiceWorker(page)
      const shown = await deliverPush(context, page, journey.server.baseUrl, payload)
      expect(shown).toMatchObject([
        {
          title: 'Noah Fan',
          body: 'sent you a message',
          data: { link: `/chatRoom?u1=${creator.userId}&u2=${fan.userId}` },
        },
      ])
    } finally {
      await pushService.close()
    }
  })
})
