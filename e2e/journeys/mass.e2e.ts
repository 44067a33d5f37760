import { describe, expect, it } from 'vitest'
import { followUser, massList } from '../../packages/contract/src/index.ts'
import { saveShot } from '../support/artifacts.ts'
import { expectUrl, seriousA11yViolations, waitUntil } from '../support/auth.ts'
import { becomeCreatorIn } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'

const journey = journeyFixture()
const SHOTS = 'issue7-mass'
const { api, signedUpPage } = journey

/**
 * Mass messages: a creator writes one from Creator tools, sees the live reach and the limits, and
 * sends it; a fan who follows them (another browser context) finds it in /message; /mass/list shows it sent.
 */
describe('mass message journey', () => {
  it('lets a creator send a mass message that arrives in a follower’s messages', async () => {
    const { page: creatorPage } = await signedUpPage('masscreator', 'Rosa Creator')
    const creator = await becomeCreatorIn(creatorPage, api, '/user/creator_tools')
    const { page: fanPage, me: fan } = await signedUpPage('massfan', 'Ana Silva')
    await api.call(followUser, { user_id: creator.userId }, fan)

    // Creator tools → the (empty) list → a new mass message.
    await creatorPage.getByRole('link', { name: /Mass messages/ }).click()
    await expectUrl(creatorPage, '/mass/list')
    await creatorPage.getByRole('heading', { name: 'No mass messages yet' }).waitFor()
    await creatorPage.getByRole('link', { name: 'New mass message' }).last().click()
    await expectUrl(creatorPage, '/mass/sender')

    // The reach is counted live: one follower.
    await creatorPage.getByTestId('mass-reach').getByText('1', { exact: true }).waitFor()
    await creatorPage
      .getByRole('radio', { name: /Members/ })
      .first()
      .check()
    await creatorPage.getByTestId('mass-reach').getByText('0', { exact: true }).waitFor()
    await creatorPage.getByRole('radio', { name: /All followers/ }).check()
    await creatorPage.getByTestId('mass-reach').getByText('1', { exact: true }).waitFor()

    // Nothing written: refused inline, in the contract's words.
    await creatorPage.getByRole('button', { name: 'Send to 1 person' }).click()
    await creatorPage.getByText('Write a message or add a photo or video.').waitFor()
    const text = 'Hello from Rosa! New photos drop tonight.'
    await creatorPage.getByRole('textbox', { name: 'Message' }).fill(text)
    // The pointer rests off the buttons (a hovered button is not what the check is about).
    await creatorPage.mouse.move(0, 0)
    await creatorPage.evaluate(() => window.scrollTo(0, 0))
    await saveShot(creatorPage, SHOTS, 'mobile-mass-sender')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])
    await creatorPage.getByRole('button', { name: 'Send to 1 person' }).click()

    // /mass/success follows the delivery.
    await creatorPage.waitForURL(/\/mass\/success\?mass_id=\d+/)
    await creatorPage.getByRole('heading', { name: 'Your mass message is on its way' }).waitFor()
    await creatorPage.getByTestId('mass-progress').getByText('Delivered to 1.').waitFor({ timeout: 30_000 })
    await saveShot(creatorPage, SHOTS, 'mobile-mass-success')

    // The fan finds it in /message and in the conversation.
    await fanPage.goto('/message')
    const conversations = fanPage.getByRole('list', { name: 'Conversations' })
    const row = conversations.getByRole('link', { name: /^Rosa Creator/ })
    await row.getByText(text).waitFor()
    await row.click()
    await fanPage.getByRole('list', { name: 'Messages with Rosa Creator' }).getByText(text).waitFor()

    // The list shows it sent, delivered to one, and opened once the fan read it.
    await waitUntil(
      'the mass message to count the fan’s read',
      async () => (await api.call(massList, { limit: 20 }, creator)).list[0]?.counts.opened,
      (opened) => opened === 1,
    )
    await creatorPage.getByRole('link', { name: 'See mass messages' }).click()
    await expectUrl(creatorPage, '/mass/list')
    const card = creatorPage.getByRole('article', { name: 'Mass message, Sent' })
    await card.getByText(text).waitFor()
    expect(await card.getByTestId('mass-sent').innerText()).toBe('1')
    await saveShot(creatorPage, SHOTS, 'mobile-mass-list')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])

    // A second one within 6 hours is refused with a clear message, shown inline.
    await creatorPage.goto('/mass/sender')
    await creatorPage.getByTestId('mass-reach').getByText('1', { exact: true }).waitFor()
    await creatorPage.getByRole('textbox', { name: 'Message' }).fill('Another one')
    await creatorPage.getByRole('button', { name: 'Send to 1 person' }).click()
    await creatorPage.getByText('You can send one mass message every 6 hours.').first().waitFor()
    await expectUrl(creatorPage, '/mass/sender')

    // The other choices: spender levels, and sharing a post (this creator has none published yet).
    await creatorPage.getByRole('radio', { name: /Spenders/ }).check()
    await creatorPage.locator('label', { hasText: 'Over $100' }).click()
    expect(await creatorPage.getByRole('radio', { name: 'Over $100' }).isChecked()).toBe(true)
    await creatorPage.getByTestId('mass-reach').getByText('0', { exact: true }).waitFor()
    await creatorPage.getByRole('tab', { name: 'Share a post' }).click()
    await creatorPage.getByText('You have no published posts yet.').waitFor()
    await creatorPage.mouse.move(0, 0)
    await saveShot(creatorPage, SHOTS, 'mobile-mass-share-post')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])
    await creatorPage.getByRole('tab', { name: 'Message' }).click()
    await creatorPage.getByRole('radio', { name: /All followers/ }).check()

    // Desktop.
    await creatorPage.setViewportSize({ width: 1440, height: 900 })
    await saveShot(creatorPage, SHOTS, 'desktop-mass-sender')
    await creatorPage.goto('/mass/list')
    await creatorPage.getByRole('article', { name: 'Mass message, Sent' }).waitFor()
    await saveShot(creatorPage, SHOTS, 'desktop-mass-list')
  })
})
