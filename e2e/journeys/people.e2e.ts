import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  addListMember,
  blockedUsers,
  createUserList,
  followersList,
  followUser,
  userListMembers,
  userLists,
} from '../../packages/contract/src/index.ts'
import { signUpByApi } from '../support/api.ts'
import { seriousA11yViolations, uniqueEmail, uniqueUsername, waitUntil } from '../support/auth.ts'
import { viewports } from '../support/browser.ts'
import { becomeCreator, becomeCreatorIn, openCreatorProfile } from '../support/creator.ts'
import { typeAsItOpens } from '../support/forms.ts'
import { journeyFixture } from '../support/journey.ts'

const journey = journeyFixture()
const { api, signedUpPage } = journey

/**
 * The people screens: followers and following with search and empty states, lists ("VIP fans"),
 * and blocked accounts. The extra people are made and act over the API; the screens are used as a person
 * would.
 */

/** Someone made over the API, with a user name starting with `prefix`. */
const person = (prefix: string, nickname: string) =>
  signUpByApi(api, journey.smtp, {
    email: uniqueEmail(prefix),
    nickname,
    userName: `${prefix}_${uniqueUsername().slice(4)}`,
  })

/** Waits until a people list shows exactly the people named `expected`, in that order (one per row). */
async function expectNames(list: Locator, expected: string[]): Promise<void> {
  await waitUntil(
    `the list to show ${expected.join(', ')}`,
    () => list.getByRole('listitem').allInnerTexts(),
    (rows) => rows.length === expected.length && rows.every((row, i) => row.includes(expected[i] ?? '?')),
  )
}

describe('people journeys', () => {
  it('lists followers newest first with prefix search, and the following list of a fan', async () => {
    const { page: creatorPage } = await signedUpPage('followed', 'Rosa Creator')
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const { page: fanPage, me: ana } = await signedUpPage('anafan', 'Ana Silva')
    const others = [
      await person('anton', 'Anton Berg'),
      await person('bruno', 'Bruno Costa'),
      await person('carla', 'Carla Diaz'),
    ]
    for (const fan of [ana, ...others]) await api.call(followUser, { user_id: creator.userId }, fan)

    // The creator's followers, newest first; search narrows by the start of a name, clearing restores.
    await creatorPage.goto('/user/followers')
    const followers = creatorPage.getByRole('list', { name: 'Your followers' })
    const everyone = ['Carla Diaz', 'Bruno Costa', 'Anton Berg', 'Ana Silva']
    await expectNames(followers, everyone)
    const search = creatorPage.getByRole('searchbox', { name: 'Search followers' })
    await search.fill('an')
    await expectNames(followers, ['Anton Berg', 'Ana Silva'])
    await search.fill('ant')
    await expectNames(followers, ['Anton Berg'])
    await search.fill('carla_')
    await expectNames(followers, ['Carla Diaz'])
    await search.fill('zoe')
    await creatorPage.getByRole('heading', { name: 'No results for “zoe”' }).waitFor()
    await creatorPage.getByRole('button', { name: 'Clear search' }).click()
    await expectNames(followers, everyone)
    expect(await search.inputValue()).toBe('')

    // The creator follows nobody yet: the following list says so; following back fills it.
    await creatorPage.goto('/user/following')
    await creatorPage.getByRole('heading', { name: "You aren't following anyone yet" }).waitFor()
    await creatorPage.getByRole('link', { name: 'Go to home' }).waitFor()
    await creatorPage.goto('/user/followers')
    await followers.getByRole('button', { name: 'Follow Bruno Costa', exact: true }).click()
    await followers.getByRole('button', { name: 'Following Bruno Costa. Unfollow' }).waitFor()
    await creatorPage.goto('/user/following')
    await expectNames(creatorPage.getByRole('list', { name: 'People you follow' }), ['Bruno Costa'])

    // A fan's following list shows the creator; the fan has no followers yet.
    await fanPage.goto('/user/following')
    const following = fanPage.getByRole('list', { name: 'People you follow' })
    await expectNames(following, ['Rosa Creator'])
    await following.getByRole('button', { name: 'Following Rosa Creator. Unfollow' }).waitFor()
    await fanPage.getByRole('searchbox', { name: 'Search the people you follow' }).fill('ros')
    await expectNames(following, ['Rosa Creator'])
    await fanPage.goto('/user/followers')
    await fanPage.getByRole('heading', { name: 'No followers yet' }).waitFor()
  })

  it('creates a list, adds two followers, renames it, removes one, and deletes it', async () => {
    const { page, me } = await signedUpPage('lister', 'Lena Lists')
    const dana = await person('dana', 'Dana Reyes')
    const eli = await person('eli', 'Eli Novak')
    const finn = await person('finn', 'Finn Walsh')
    for (const fan of [dana, eli, finn]) await api.call(followUser, { user_id: me.userId }, fan)

    await page.goto('/user/list')
    await page.getByRole('heading', { name: 'No lists yet' }).waitFor()
    await page.getByRole('button', { name: 'Create a list' }).click()
    const create = page.getByRole('dialog', { name: 'New list' })
    await create.getByRole('textbox', { name: 'List name' }).fill('VIP fans')
    await create.getByRole('button', { name: 'Create list' }).click()
    await page.getByText('“VIP fans” created').waitFor()
    await page.getByRole('heading', { level: 1, name: 'VIP fans' }).waitFor()
    const listId = Number(new URL(page.url()).searchParams.get('list_id'))
    expect(listId).toBeGreaterThan(0)
    await page.getByRole('heading', { name: 'No one here yet' }).waitFor()
    await page.getByText('No one yet', { exact: true }).waitFor()

    // Add people: two of the three followers.
    await page.getByRole('button', { name: 'Add people' }).first().click()
    const sheet = page.getByRole('dialog', { name: 'Add people to “VIP fans”' })
    const pick = sheet.getByRole('list', { name: 'Your followers' })
    await expectNames(pick, ['Finn Walsh', 'Eli Novak', 'Dana Reyes'])
    for (const name of ['Dana Reyes', 'Eli Novak']) {
      await pick.getByRole('button', { name: `Add ${name} to VIP fans` }).click()
      await pick.getByRole('button', { name: `${name} added` }).waitFor()
    }
    await sheet.getByRole('button', { name: 'Close' }).click()
    await sheet.waitFor({ state: 'detached' })
    const members = page.getByRole('list', { name: 'People in VIP fans' })
    await expectNames(members, ['Eli Novak', 'Dana Reyes'])
    await page.getByText('2 people', { exact: true }).waitFor()

    // Rename, typing the new name the moment the sheet opens: it is the name kept and saved.
    await page.getByRole('button', { name: 'List options' }).click()
    const menu = page.getByRole('dialog', { name: 'VIP fans' })
    await typeAsItOpens(menu.getByRole('button', { name: 'Rename' }), 'List name', 'Top fans')
    const rename = page.getByRole('dialog', { name: 'Rename list' })
    const newName = rename.getByRole('textbox', { name: 'List name' })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    expect(await newName.inputValue()).toBe('Top fans')
    await rename.getByRole('button', { name: 'Save' }).click()
    await page.getByText('List renamed').waitFor()
    await page.getByRole('heading', { level: 1, name: 'Top fans' }).waitFor()

    // Remove a member.
    const renamed = page.getByRole('list', { name: 'People in Top fans' })
    await renamed.getByRole('button', { name: 'Remove Eli Novak from the list' }).click()
    await page.getByText('Eli Novak removed from “Top fans”').waitFor()
    await expectNames(renamed, ['Dana Reyes'])
    await page.getByText('1 person', { exact: true }).waitFor()
    const left = await api.call(userListMembers, { list_id: listId, limit: 30 }, me)
    expect(left.list.map((card) => card.user_id)).toEqual([dana.userId])

    // The overview shows the list; delete it with the confirm.
    await page.goto('/user/list')
    const lists = page.getByRole('list', { name: 'Your lists' })
    await lists
      .getByRole('link', { name: /Top fans/ })
      .getByText('1 person')
      .waitFor()
    await page.getByRole('button', { name: 'Options for Top fans' }).click()
    await page
      .getByRole('dialog', { name: 'Top fans' })
      .getByRole('button', { name: /Delete list/ })
      .click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Top fans”?' })
    await confirm.getByRole('button', { name: 'Delete list', exact: true }).click()
    await page.getByText('“Top fans” deleted').waitFor()
    await page.getByRole('heading', { name: 'No lists yet' }).waitFor()
    expect((await api.call(userLists, undefined, me)).lists).toEqual([])
  })

  it('blocks two followers, who leave the lists, and unblocks them one by one', async () => {
    const { page, me } = await signedUpPage('blockowner', 'Owen Blocks')
    const gia = await person('gia', 'Gia Park')
    const hugo = await person('hugo', 'Hugo Lind')
    for (const fan of [gia, hugo]) await api.call(followUser, { user_id: me.userId }, fan)

    for (const target of [gia, hugo]) {
      await page.goto(`/@${target.userName}`)
      await page.getByRole('heading', { level: 1, name: target.nickname }).waitFor()
      await page.getByRole('button', { name: 'More options' }).click()
      await page.getByRole('button', { name: `Block @${target.userName}` }).click()
      await page
        .getByRole('alertdialog', { name: `Block @${target.userName}?` })
        .getByRole('button', { name: 'Block', exact: true })
        .click()
      await page.getByRole('heading', { name: `You blocked @${target.userName}` }).waitFor()
    }
    // Blocked accounts leave the blocker's lists.
    await page.goto('/user/followers')
    await page.getByRole('heading', { name: 'No followers yet' }).waitFor()

    await page.goto('/user/blocked')
    const blocked = page.getByRole('list', { name: 'Blocked accounts' })
    await expectNames(blocked, ['Hugo Lind', 'Gia Park'])
    // Cancelling the confirm keeps the block.
    await blocked.getByRole('button', { name: 'Unblock Hugo Lind' }).click()
    const confirmHugo = page.getByRole('alertdialog', { name: `Unblock @${hugo.userName}?` })
    await confirmHugo.getByRole('button', { name: 'Cancel' }).click()
    await confirmHugo.waitFor({ state: 'detached' })
    await expectNames(blocked, ['Hugo Lind', 'Gia Park'])
    await blocked.getByRole('button', { name: 'Unblock Hugo Lind' }).click()
    await confirmHugo.getByRole('button', { name: 'Unblock', exact: true }).click()
    await page.getByText(`You unblocked @${hugo.userName}`).waitFor()
    await expectNames(blocked, ['Gia Park'])
    const stillBlocked = await api.call(blockedUsers, { limit: 30 }, me)
    expect(stillBlocked.list.map((card) => card.user_id)).toEqual([gia.userId])

    await blocked.getByRole('button', { name: 'Unblock Gia Park' }).click()
    await page
      .getByRole('alertdialog', { name: `Unblock @${gia.userName}?` })
      .getByRole('button', { name: 'Unblock', exact: true })
      .click()
    await page.getByRole('heading', { name: "You haven't blocked anyone" }).waitFor()
    expect((await api.call(blockedUsers, { limit: 30 }, me)).list).toEqual([])

    // Unblocked, both are followers again, as they were.
    await page.goto('/user/followers')
    await expectNames(page.getByRole('list', { name: 'Your followers' }), ['Hugo Lind', 'Gia Park'])
    const back = await api.call(followersList, { limit: 30 }, me)
    expect(back.list.map((card) => card.user_id)).toEqual([hugo.userId, gia.userId])
  })
})

describe('profile and people screens at 1440x900', () => {
  it('shows the profile as a centred column, and no serious axe finding on the profile and people screens', async () => {
    const desktop = { viewport: viewports.desktop, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }
    const { page, me } = await signedUpPage('desktop', 'Dora Desk', desktop)
    const creator = await person('iris', 'Iris Wide')
    await becomeCreator(api, creator, 'Iris Example')
    await api.call(followUser, { user_id: me.userId }, creator)
    const { list } = await api.call(createUserList, { name: 'VIP fans' }, me)
    await api.call(addListMember, { list_id: list.list_id, user_id: creator.userId }, me)

    await openCreatorProfile(page, creator.userName, 'Iris Wide')
    const column = await page.locator('.v-profile').boundingBox()
    expect(column).not.toBeNull()
    const { x, width } = column ?? { x: 0, width: 0 }
    expect(width).toBeLessThan(viewports.desktop.width * 0.6)
    expect(Math.abs(x - (viewports.desktop.width - (x + width)))).toBeLessThanOrEqual(2)

    const screens: [string, (p: Page) => Promise<void>][] = [
      [`/@${creator.userName}`, (p) => p.getByRole('heading', { level: 1, name: 'Iris Wide' }).waitFor()],
      [`/@${me.userName}`, (p) => p.getByRole('link', { name: /Edit profile/ }).waitFor()],
      ['/user/edit_profile', (p) => p.getByRole('textbox', { name: 'Display name' }).waitFor()],
      ['/user/followers', (p) => p.getByRole('list', { name: 'Your followers' }).waitFor()],
      ['/user/list', (p) => p.getByRole('list', { name: 'Your lists' }).waitFor()],
      [
        `/user/list?list_id=${list.list_id}`,
        (p) => p.getByRole('list', { name: 'People in VIP fans' }).waitFor(),
      ],
    ]
    for (const [url, ready] of screens) {
      await page.goto(url)
      await ready(page)
      expect({ url, violations: await seriousA11yViolations(page) }).toEqual({ url, violations: [] })
    }
  })
})
