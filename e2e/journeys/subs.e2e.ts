import { describe, expect, it } from 'vitest'
import { PaymentTexts, postDetail, subscriberList, Visibility } from '../../packages/contract/src/index.ts'
import { connectApi, sessionOf } from '../support/api.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { seriousA11yViolations, signUp, uniqueEmail, waitUntil } from '../support/auth.ts'
import { becomeCreatorIn, openCreatorProfile } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { photoJpeg } from '../support/media.ts'
import { answerChallenge, fillHostedCardForm, TestCards } from '../support/payments.ts'
import { publishByApi, uploadByApi } from '../support/posts.ts'

/**
 * Memberships: a creator sets a monthly price and a bundle on /subs/settings; a fan opens the
 * profile, subscribes from the sheet with a card added on the provider's hosted form, and sees the
 * members-only post; the creator sees the new member on /subs/subscribers.
 */
const journey = journeyFixture({ PAYMENTS_SANDBOX_DELAY_MS: '300' })
const SHOTS = 'issue6-subs'
const CREATOR = 'Mara Quinn'
const MEMBERS_CAPTION = 'Backstage, members only'

describe('memberships journey', () => {
  it('a creator sets a price; a fan subscribes by card and sees members-only posts; the creator sees the member', async () => {
    const api = await connectApi(journey.server.baseUrl)
    const creatorPage = await journey.newPage()
    await signUp(creatorPage, journey.smtp, uniqueEmail('mara'), CREATOR)
    const creator = await becomeCreatorIn(creatorPage, api, '/subs/settings')

    // The creator's settings: the spec's words for a price out of range, then $9.99 and a 3-month bundle.
    const price = creatorPage.getByRole('textbox', { name: 'Monthly price (US$)' })
    await price.waitFor()
    await price.fill('0.5')
    await creatorPage.getByRole('button', { name: 'Save', exact: true }).click()
    await creatorPage.getByText('Please enter a number from 1 to 1000').waitFor()
    await price.fill('9.99')
    await creatorPage.getByRole('checkbox', { name: '3 months' }).check()
    await creatorPage.getByRole('textbox', { name: 'Discount for 3 months (%)' }).fill('15')
    await creatorPage.getByRole('button', { name: 'Save', exact: true }).click()
    await creatorPage.getByText('Membership settings saved.').waitFor()
    await creatorPage.getByRole('heading', { name: 'Free-trial links', exact: true }).waitFor()
    await saveShot(creatorPage, SHOTS, '01-settings-414')
    // The pointer still rests on Save (its hover colour is the button's, not this screen's).
    await creatorPage.mouse.move(0, 0)
    expect(await seriousA11yViolations(creatorPage)).toEqual([])

    const [media] = await uploadByApi(api, creator, [await photoJpeg(900, 1200)])
    if (!media) throw new Error('upload failed')
    const post = await publishByApi(api, creator, {
      media: [media],
      caption: MEMBERS_CAPTION,
      visibility: Visibility.Members,
    })

    // The fan: the profile's Subscribe opens the sheet; no card yet, so the hosted form first.
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('leo'), 'Leo Park')
    const fan = await sessionOf(page)
    expect((await api.call(postDetail, { id: post.post_id }, fan)).post.lock).not.toBeNull()
    await openCreatorProfile(page, creator.userName, CREATOR)
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Subscribe' })
    await sheet.getByRole('radio', { name: /Monthly/ }).waitFor()
    await saveShot(page, SHOTS, '02-subscribe-sheet-414')
    expect(await seriousA11yViolations(page)).toEqual([])
    await sheet.getByRole('button', { name: 'Add a card' }).click()
    await fillHostedCardForm(page, TestCards.success, 'Leo Park')
    await waitUntil(
      'the membership screen with the card saved',
      async () => new URL(page.url()),
      (url) => url.pathname === '/subs/subs_detail' && !url.searchParams.has('setup_session_id'),
    )
    const firstCard = page.getByRole('radio', { name: /Visa •••• 4242/ })
    await firstCard.waitFor()
    await page.getByRole('radio', { name: /3 months/ }).waitFor()
    await saveShot(page, SHOTS, '03-subs-detail-plan-414')

    // A second card from the panel's "Add another card": chosen once saved. Its 3DS fails, and the
    // panel keeps that card chosen (not the default) for the next try.
    await page.getByRole('button', { name: 'Add another card' }).click()
    await fillHostedCardForm(page, TestCards.threeDs, 'Leo Park')
    const secondCard = page.getByRole('radio', { name: /Visa •••• 3184/ })
    await waitUntil('the new card chosen', () => secondCard.isChecked(), Boolean)
    await page.getByRole('button', { name: 'Subscribe · US$9.99/month' }).click()
    await answerChallenge(page, false)
    await page.getByRole('alert').filter({ hasText: PaymentTexts.verificationFailed }).waitFor()
    expect(await secondCard.isChecked()).toBe(true)
    expect(await firstCard.isChecked()).toBe(false)
    await saveShot(page, SHOTS, '03b-3ds-failed-card-kept-414')
    await firstCard.check()
    await page.getByRole('button', { name: 'Subscribe · US$9.99/month' }).click()
    await page.getByText('You’re a member now.').waitFor()
    await page.getByRole('heading', { name: 'Your membership' }).waitFor()
    await page.getByText(/Renews .* · US\$9\.99/).waitFor()
    await saveShot(page, SHOTS, '04-membership-414')

    // The members-only post opens for the fan.
    expect((await api.call(postDetail, { id: post.post_id }, fan)).post.lock).toBeNull()
    await page.goto(`/post?id=${post.post_id}`)
    await page.getByText(MEMBERS_CAPTION).first().waitFor()
    expect(await page.getByText('Subscribe to see').count()).toBe(0)
    await saveShot(page, SHOTS, '05-members-post-414')

    // Auto-renew off from the membership: it ends at the period end, access kept until then.
    await page.goto(`/subs/subs_detail?user_id=${creator.userId}`)
    await page.getByRole('link', { name: /Auto-renew/ }).click()
    await page.getByText(/You keep access until/).waitFor()
    await saveShot(page, SHOTS, '05b-disable-auto-renew-414')
    await page.getByRole('button', { name: 'Turn off auto-renew' }).click()
    await page.getByText(/Ends .* · auto-renew off/).waitFor()

    await page.goto('/subs/subscriptions')
    await page.getByRole('list', { name: 'Memberships' }).getByText(CREATOR).waitFor()
    await saveShot(page, SHOTS, '06-subscriptions-414')
    // The creators' members screen is not a fan's: it says so and offers the way to become a creator.
    await page.goto('/subs/subscribers')
    await page.getByRole('heading', { name: 'Members are for creators' }).waitFor()
    await page.getByRole('link', { name: 'Become a creator' }).waitFor()
    await saveShot(page, SHOTS, '06b-subscribers-as-fan-414')

    // The creator sees the member with the lifetime spend.
    await creatorPage.goto('/subs/subscribers')
    const member = creatorPage
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ hasText: 'Leo Park' })
    await member.getByText('US$9.99').waitFor()
    await saveShot(creatorPage, SHOTS, '07-subscribers-414')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])
    const members = await api.call(subscriberList, { status: 'current' }, creator)
    expect(members.active).toBe(1)

    // Desktop windows.
    const desk = await journey.newPage({
      ...desktopWindow,
      storageState: await creatorPage.context().storageState(),
    })
    await desk.goto('/subs/subscribers')
    await desk.getByText('Leo Park').waitFor()
    await saveShot(desk, SHOTS, '08-subscribers-1440')
    await desk.goto('/subs/settings')
    await desk.getByRole('textbox', { name: 'Monthly price (US$)' }).waitFor()
    await saveShot(desk, SHOTS, '09-settings-1440')
    const fanDesk = await journey.newPage({
      ...desktopWindow,
      storageState: await page.context().storageState(),
    })
    await fanDesk.goto(`/subs/subs_detail?user_id=${creator.userId}`)
    await fanDesk.getByRole('heading', { name: 'Your membership' }).waitFor()
    await saveShot(fanDesk, SHOTS, '10-membership-1440')
  })
})
