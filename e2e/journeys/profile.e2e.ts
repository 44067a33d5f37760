import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  ErrorCodes,
  followersList,
  followUser,
  profileUpdate,
  profileView,
  ReportReasonLabels,
  reportContent,
  SOCKET_PATH,
  Social,
} from '../../packages/contract/src/index.ts'
import { sessionOf, signUpByApi } from '../support/api.ts'
import { saveShot } from '../support/artifacts.ts'
import {
  type ApiCall,
  expectUrl,
  recordApiCalls,
  uniqueEmail,
  uniqueUsername,
  urlOf,
  waitUntil,
} from '../support/auth.ts'
import { becomeCreator, becomeCreatorIn, openCreatorProfile, photoPng } from '../support/creator.ts'
import { typeAsItOpens } from '../support/forms.ts'
import { journeyFixture } from '../support/journey.ts'
import { expectToastBelowBar } from '../support/shell-helpers.ts'

const journey = journeyFixture()
const { api } = journey

/**
 * Profiles: editing one's profile (portrait, names, bio, username with the old link redirecting),
 * edits and follows reaching other open tabs live, blocking, reporting, and what a guest sees. The desktop
 * layout and axe checks of these screens are in people.e2e.ts.
 */

const NOT_FOUND = ErrorCodes.BlockedLocation.message
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

/** The exact follower count the profile shows (the abbreviated number carries it in its title). */
async function followerCount(page: Page): Promise<number> {
  const value = page.locator('dt', { hasText: /^Followers?$/ }).locator('xpath=following-sibling::dd')
  return Number(((await value.getAttribute('title')) ?? '').replaceAll(',', ''))
}

const expectFollowers = (page: Page, count: number) =>
  waitUntil(
    `the follower count to show ${count}`,
    () => followerCount(page),
    (n) => n === count,
  )

/**
 * Counts the page's user socket connections (socket.io's CONNECT answer, over the WebSocket or long
 * polling), so a test can wait until a freshly loaded page is listening. Call before the page loads.
 */
function watchSocket(page: Page) {
  let connects = 0
  const seen = (payload: string) => {
    if (payload.split('\x1e').some((packet) => packet.startsWith('40'))) connects += 1
  }
  page.on('websocket', (socket) => {
    if (!socket.url().includes(SOCKET_PATH)) return
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') seen(frame.payload)
    })
  })
  page.on('response', (response) => {
    if (!response.url().includes(`${SOCKET_PATH}/`) || response.request().method() !== 'GET') return
    response
      .text()
      .then(seen)
      .catch(() => undefined)
  })
  return {
    count: () => connects,
    /** Waits for a connection beyond the first `seen`. */
    after: (seenSoFar: number) =>
      waitUntil(
        'the user socket to connect',
        () => connects,
        (n) => n > seenSoFar,
        15_000,
      ),
  }
}

/** The profile calls a page made (to show that an update came over the socket, not from a refetch). */
const profileFetches = async (calls: () => Promise<ApiCall[]>) =>
  (await calls()).filter((call) => call.path === profileView.path).length

const signedUpPage = async (tag: string, nickname: string) => (await journey.signedUpPage(tag, nickname)).page

describe('profile journeys', () => {
  it('edits the profile, keeps the old link, and shows follows live in other tabs', async () => {
    const fan = await signedUpPage('editor', 'Fan Before')
    const creatorPage = await signedUpPage('live', 'Scarlett Live')
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const oldName = (await sessionOf(fan)).userName
    const newName = `mia_${uniqueUsername().slice(4)}`

    // A second tab of the fan shows their own profile, listening on the socket.
    const tab2 = await fan.context().newPage()
    const tab2Socket = watchSocket(tab2)
    await tab2.goto(`/@${oldName}`)
    await h1(tab2, 'Fan Before').waitFor()
    await tab2Socket.after(0)
    const tab2Calls = recordApiCalls(tab2)

    // Edit: display name, username (the note on the old link), bio and a cropped portrait.
    await fan.goto('/user/edit_profile')
    await fan.getByRole('textbox', { name: 'Display name' }).fill('Mia Lopez')
    await fan.getByRole('textbox', { name: 'Username' }).fill(newName)
    await fan.getByText('This username is available.').waitFor()
    await fan.getByText(`Links to @${oldName} keep working for ${Social.usernameRedirectDays} days`).waitFor()
    await fan.getByRole('textbox', { name: 'Bio' }).fill('Film photographer.\nCoffee first.')
    await fan
      .getByLabel('Change profile photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photoPng(900, 600) })
    const cropper = fan.getByRole('dialog', { name: 'Crop your photo' })
    await cropper.getByRole('slider', { name: 'Zoom' }).fill('1.5')
    await cropper.getByRole('button', { name: 'Use photo' }).click()
    await cropper.waitFor({ state: 'detached' })
    await fan.getByText('Your new photo is saved with the profile.').waitFor()
    await fan.getByRole('button', { name: 'Save', exact: true }).click()

    await expectUrl(fan, `/@${newName}`, 15_000)
    await fan.getByText('Profile saved').waitFor()
    await h1(fan, 'Mia Lopez').waitFor()
    await fan.getByText(`@${newName}`, { exact: true }).first().waitFor()
    await fan.getByText('Film photographer.').waitFor()
    await fan.getByRole('link', { name: 'Edit profile' }).waitFor()
    const me = await sessionOf(fan)
    const { profile } = await api.call(profileView, { user_name: newName }, me)
    expect(profile).toMatchObject({ nickname: 'Mia Lopez', bio: 'Film photographer.\nCoffee first.' })
    expect(profile.portrait).not.toBeNull()
    // The portrait shown is the server's copy, a square re-encoded from the 3:2 upload.
    const portrait = profile.portrait ?? ''
    await fan.locator(`img[src="${portrait}"]`).first().waitFor()
    const stored = await fetch(new URL(portrait, journey.server.baseUrl))
    const { width, height } = await sharp(Buffer.from(await stored.arrayBuffer())).metadata()
    expect(width).toBe(height)

    // The other tab took the change from user_info_change, without fetching the profile again.
    await h1(tab2, 'Mia Lopez').waitFor()
    await tab2.getByText('Film photographer.').waitFor()
    expect(await profileFetches(tab2Calls)).toBe(0)

    // The old address lands on the new one.
    await fan.goto(`/@${oldName}`)
    await expectUrl(fan, `/@${newName}`)
    await h1(fan, 'Mia Lopez').waitFor()

    // Tab 2 opens the creator's profile, the creator their own; the fan follows in tab 1.
    const tab2Connects = tab2Socket.count()
    await openCreatorProfile(tab2, creator.userName, 'Scarlett Live')
    const creatorSocket = watchSocket(creatorPage)
    await creatorPage.goto(`/@${creator.userName}`)
    await h1(creatorPage, 'Scarlett Live').waitFor()
    await Promise.all([tab2Socket.after(tab2Connects), creatorSocket.after(0)])
    expect(await followerCount(tab2)).toBe(0)
    expect(await followerCount(creatorPage)).toBe(0)
    const liveCalls = [recordApiCalls(tab2), recordApiCalls(creatorPage)]

    await openCreatorProfile(fan, creator.userName, 'Scarlett Live')
    await fan.getByRole('button', { name: 'Follow Scarlett Live', exact: true }).click()
    await fan.getByRole('button', { name: 'Following Scarlett Live. Unfollow' }).waitFor()
    await tab2.getByRole('button', { name: 'Following Scarlett Live. Unfollow' }).waitFor()
    await expectFollowers(tab2, 1)
    await expectFollowers(creatorPage, 1)
    for (const calls of liveCalls) expect(await profileFetches(calls)).toBe(0)
    const followers = await api.call(followersList, { limit: 30 }, creator)
    expect(followers.list.map((card) => card.user_name)).toEqual([newName])

    // Unfollow reverts everywhere.
    await fan.getByRole('button', { name: 'Following Scarlett Live. Unfollow' }).click()
    await fan.getByRole('button', { name: 'Follow Scarlett Live', exact: true }).waitFor()
    await tab2.getByRole('button', { name: 'Follow Scarlett Live', exact: true }).waitFor()
    await expectFollowers(tab2, 0)
    await expectFollowers(creatorPage, 0)
    for (const calls of liveCalls) expect(await profileFetches(calls)).toBe(0)
    expect((await api.call(followersList, { limit: 30 }, creator)).list).toEqual([])

    // Offline, Follow says the spec §8 network message at once (under the screen's bar), shows Follow
    // again, and is not sent later when the network is back.
    await fan.context().setOffline(true)
    await fan.getByRole('button', { name: 'Follow Scarlett Live', exact: true }).click()
    await expectToastBelowBar(fan, ErrorCodes.NoNetwork.message)
    await saveShot(fan, 'misc', 'follow-offline-414')
    await fan.getByRole('button', { name: 'Follow Scarlett Live', exact: true }).waitFor()
    await fan.context().setOffline(false)
    await fan.waitForTimeout(2_000)
    expect((await api.call(followersList, { limit: 30 }, creator)).list).toEqual([])
    await fan.getByRole('button', { name: 'Follow Scarlett Live', exact: true }).waitFor()
  })

  it('lets a creator block a fan, who then cannot open the profile or follow, until unblocked', async () => {
    const creatorPage = await signedUpPage('blocker', 'Ruby Block')
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const fanPage = await signedUpPage('blockee', 'Theo Blocked')
    const fan = await sessionOf(fanPage)
    await openCreatorProfile(fanPage, creator.userName, 'Ruby Block')

    // The creator blocks the fan from the fan's profile menu, after a confirm.
    await creatorPage.goto(`/@${fan.userName}`)
    await h1(creatorPage, 'Theo Blocked').waitFor()
    await creatorPage.getByRole('button', { name: 'More options' }).click()
    await creatorPage.getByRole('button', { name: `Block @${fan.userName}` }).click()
    const confirm = creatorPage.getByRole('alertdialog', { name: `Block @${fan.userName}?` })
    await confirm.getByRole('button', { name: 'Block', exact: true }).click()
    await creatorPage.getByRole('heading', { name: `You blocked @${fan.userName}` }).waitFor()

    // The fan's open tab: following is refused, and the button goes back.
    const calls = recordApiCalls(fanPage)
    await fanPage.getByRole('button', { name: 'Follow Ruby Block', exact: true }).click()
    await fanPage.getByText(ErrorCodes.UserUnavailable.message).waitFor()
    await fanPage.getByRole('button', { name: 'Follow Ruby Block', exact: true }).waitFor()
    const follow = (await calls()).find((call) => call.path === followUser.path)
    expect(follow).toMatchObject({ status: 403, code: ErrorCodes.UserUnavailable.code })
    // Opened again, the profile does not exist for the fan, and nothing of it is shown.
    await fanPage.reload()
    await h1(fanPage, NOT_FOUND).waitFor()
    expect(await fanPage.getByText('Ruby Block').count()).toBe(0)
    const view = await api.attempt(profileView, { user_name: creator.userName }, fan)
    expect(view).toMatchObject({ ok: false, code: ErrorCodes.BlockedLocation.code })
    expect(JSON.stringify(view)).not.toContain('Ruby Block')

    // The creator finds the fan in /user/blocked and unblocks.
    await creatorPage.goto('/user/blocked')
    const blocked = creatorPage.getByRole('list', { name: 'Blocked accounts' })
    await blocked.getByText(`@${fan.userName}`).waitFor()
    await blocked.getByRole('button', { name: 'Unblock Theo Blocked' }).click()
    await creatorPage
      .getByRole('alertdialog', { name: `Unblock @${fan.userName}?` })
      .getByRole('button', { name: 'Unblock', exact: true })
      .click()
    await creatorPage.getByText("You haven't blocked anyone").waitFor()

    // The fan sees the profile again and can follow.
    await fanPage.reload()
    await h1(fanPage, 'Ruby Block').waitFor()
    await fanPage.getByRole('button', { name: 'Follow Ruby Block', exact: true }).click()
    await fanPage.getByRole('button', { name: 'Following Ruby Block. Unfollow' }).waitFor()
    await expectFollowers(fanPage, 1)
  })

  it('reports a user with a reason from the list, once', async () => {
    const reporter = await signedUpPage('reporter', 'Nina Report')
    const target = await signUpByApi(api, journey.smtp, {
      email: uniqueEmail('reported'),
      nickname: 'Spammy Sam',
    })
    const calls = recordApiCalls(reporter)
    await reporter.goto(`/@${target.userName}`)
    await h1(reporter, 'Spammy Sam').waitFor()

    /** `typeAtOnce`: the details are typed the moment the sheet opens (they must stay). */
    const report = async (reason: string, details: string, typeAtOnce = false) => {
      await reporter.getByRole('button', { name: 'More options' }).click()
      const opener = reporter.getByRole('button', { name: `Report @${target.userName}` })
      if (typeAtOnce) await typeAsItOpens(opener, 'Details (optional)', details)
      else await opener.click()
      const sheet = reporter.getByRole('dialog', { name: `Report @${target.userName}` })
      const reasons = sheet.getByRole('group', { name: "What's wrong?" })
      await reasons.getByRole('radio').first().waitFor()
      expect(await reasons.locator('label').allInnerTexts()).toEqual(Object.values(ReportReasonLabels))
      expect(await reasons.getByRole('radio').count()).toBe(Object.keys(ReportReasonLabels).length)
      const send = sheet.getByRole('button', { name: 'Send report' })
      expect(await send.isDisabled()).toBe(true)
      await sheet.getByRole('radio', { name: reason }).check()
      const detailsField = sheet.getByRole('textbox', { name: 'Details (optional)' })
      if (typeAtOnce) expect(await detailsField.inputValue()).toBe(details)
      else await detailsField.fill(details)
      await send.click()
      const done = reporter.getByRole('dialog', { name: 'Report sent' })
      await done.getByText('Thanks for telling us').waitFor()
      await done.getByRole('button', { name: `Block @${target.userName} too` }).waitFor()
      await done.getByRole('button', { name: 'Done' }).click()
      await done.waitFor({ state: 'detached' })
    }
    await report(ReportReasonLabels.spam_scam, 'Sends the same link to everyone.')
    await report(ReportReasonLabels.harassment, 'And now insults.', true)

    // Both answers name the same open report: the second did not make another.
    const reports = (await calls()).filter((call) => call.path === reportContent.path)
    expect(reports.map((call) => call.code)).toEqual([0, 0])
    const ids = reports.map((call) => (call.data as { report_id: number }).report_id)
    expect(ids[1]).toBe(ids[0])
    expect(reports[0]?.sent).toMatchObject({
      reason: 'spam_scam',
      details: 'Sends the same link to everyone.',
    })
    expect(reports[1]?.sent).toMatchObject({ reason: 'harassment', details: 'And now insults.' })
  })

  it('shows a creator profile to a guest, and sends Follow to sign in', async () => {
    const creator = await signUpByApi(api, journey.smtp, {
      email: uniqueEmail('guestview'),
      nickname: 'Luna Public',
    })
    await becomeCreator(api, creator, 'Luna Example')
    await api.call(profileUpdate, { bio: 'New sets every Friday.' }, creator)
    const page = await journey.newPage({ permissions: ['clipboard-read', 'clipboard-write'] })

    expect(await openCreatorProfile(page, creator.userName, 'Luna Public')).toBe(true)
    await page.getByRole('img', { name: 'Verified creator' }).first().waitFor()
    await page.getByText('New sets every Friday.').waitFor()
    await page.getByText('No posts yet').waitFor()
    // Memberships: Subscribe is offered to everyone; a guest signs in first, as with Follow below.
    expect(await page.getByRole('button', { name: 'Subscribe' }).isEnabled()).toBe(true)

    // Share: the link is copied (no share sheet in desktop Chromium) and a toast says so.
    await page.getByRole('button', { name: 'Share profile' }).click()
    await page.getByText('Profile link copied').waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(`${journey.server.baseUrl}/@${creator.userName}`)

    await page.getByRole('button', { name: 'Follow Luna Public', exact: true }).click()
    await expectUrl(page, `/login?redirect=${encodeURIComponent(`/@${creator.userName}`)}`)

    await page.goto(`/@nobody_${uniqueUsername()}`)
    await h1(page, NOT_FOUND).waitFor()
    await page.goto(`/nobody_${uniqueUsername()}`)
    await page.getByRole('heading', { name: 'This page could not be found' }).waitFor()
    expect(urlOf(page)).toMatch(/^\/nobody_/)
  })
})
