import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  EmailTexts,
  emailEventReport,
  ShellStorageKeys,
  SubsPaths,
} from '../../packages/contract/src/index.ts'
import { expectUrl, signUp, uniqueEmail, urlOf } from '../support/auth.ts'
import { becomeCreatorIn } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'

const journey = journeyFixture()
const { api } = journey

/** Counts the e-mail event reports a page sends from now on. */
function countReports(page: Page) {
  const seen: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === emailEventReport.path) seen.push(request.postData() ?? '')
  })
  return seen
}

/**
 * Links from our e-mails (spec §5): the earnings report once per session, open_create for a creator, the
 * renewal target on any page, and the account mismatch (a dialog, or the 102 page on /chatRoom; nothing reported for the other account).
 */
describe('e-mail links', () => {
  it('reports an earnings link once per session and opens the create popup from an open_create link', async () => {
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('maillinks'), 'Mira Links')
    const me = await becomeCreatorIn(page, api, '/home')
    const reports = countReports(page)

    const earnings = `/home?t=earnings_report&sc=email&s=${me.userId}`
    await page.goto(earnings)
    await expect.poll(() => reports.length).toBe(1)
    expect(JSON.parse(reports[0] ?? '{}')).toMatchObject({
      template: 'earnings_report',
      user_id: me.userId,
      event_type: 2,
    })
    await page.goto(earnings)
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.waitForTimeout(1000)
    expect(reports).toHaveLength(1)

    await page.goto(`/home?t=new_member&open_create=1&sc=email&s=${me.userId}`)
    await expectUrl(page, '/home')
    await page.getByRole('dialog', { name: 'Create' }).waitFor()
    await expect.poll(() => reports.length).toBe(2)
  })

  it("keeps a renewal link's creator on whatever page it opens, strips it, and the membership screens open it", async () => {
    const { page, me } = await journey.signedUpPage('renewal', 'Rena Renewal')
    const target = me.userId + 500
    const stored = () => page.evaluate((key) => localStorage.getItem(key), ShellStorageKeys.renewalTarget)
    const renewalLink = (path: string, s: number) =>
      `${path}?t=payment_failed&target_user_id=${target}&sc=email&s=${s}`

    await page.goto(renewalLink('/message', me.userId))
    await expectUrl(page, '/message')
    expect(await stored()).toBe(String(target))
    // The membership screens open that creator's renewal, once.
    await page.goto(SubsPaths.subscriptions)
    await expectUrl(page, SubsPaths.detail(target))
    expect(await stored()).toBeNull()

    // Another account's renewal link removes a kept target (and asks to switch).
    await page.evaluate((key) => localStorage.setItem(key, '77'), ShellStorageKeys.renewalTarget)
    await page.goto(renewalLink('/home', me.userId + 1))
    const dialog = page.getByRole('alertdialog', { name: EmailTexts.mismatchTitle })
    await dialog.getByRole('button', { name: EmailTexts.maybeLater }).click()
    await expectUrl(page, '/home')
    expect(await stored()).toBeNull()
  })

  it('asks to switch accounts when the e-mail went to someone else, and shows 102 on /chatRoom', async () => {
    const { page, me } = await journey.signedUpPage('mismatch', 'Milo Mismatch')
    const other = me.userId + 1000

    await page.goto(`/chatRoom?u1=${me.userId}&u2=${other}&t=new_messages&sc=email&s=${other}`)
    await page.getByRole('heading', { name: EmailTexts.mismatch }).waitFor()
    await page.getByText('102', { exact: true }).waitFor()

    await page.goto(`/home?t=new_messages&sc=email&s=${other}`)
    const dialog = page.getByRole('alertdialog', { name: EmailTexts.mismatchTitle })
    await dialog.getByText(EmailTexts.mismatch).waitFor()
    await dialog.getByRole('button', { name: EmailTexts.maybeLater }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(urlOf(page)).toContain('/home')

    // Another account's earnings link is not reported (the server refuses a report for someone else).
    const reports = countReports(page)
    await page.goto(`/home?t=earnings_report&sc=email&s=${other}`)
    await dialog.getByRole('button', { name: EmailTexts.maybeLater }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(reports).toEqual([])

    await page.goto(`/home?t=new_messages&sc=email&s=${other}`)
    await dialog.getByRole('button', { name: EmailTexts.switchAccount }).click()
    await expectUrl(page, '/login')
  })
})
