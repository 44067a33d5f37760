import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  commonReport,
  creatorAudit,
  ShellTexts,
  startIdentityCheck,
  UserRole,
} from '../../packages/contract/src/index.ts'
import { connectApi, sessionOf } from '../support/api.ts'
import {
  type ApiCall,
  completeProfile,
  enterCode,
  expectUrl,
  nextCode,
  recordApiCalls,
  requestCode,
  seriousA11yViolations,
  signUp,
  storedUser,
  uniqueEmail,
  urlOf,
  waitUntil,
} from '../support/auth.ts'
import { journeyFixture } from '../support/journey.ts'

/**
 * Host verification (/creator_audit, spec §2 and §6) end to end: the four steps, the built-in sandbox
 * identity partner's hosted page (apps/server/src/platform/identity), its signed webhook, and what the
 * account can do afterwards. The partner waits IDV_SANDBOX_DELAY_MS before its webhook: long enough to see
 * the "reviewing" state while another journey file runs beside this one (at 1.5 s the page, slowed by the
 * other file, sometimes came back after the decision and went straight on), short enough to keep the file
 * quick.
 */
const journey = journeyFixture({ IDV_SANDBOX_DELAY_MS: '4000' })

const REVIEWING = 'We’re reviewing your documents'
const DECLINED = 'We couldn’t verify you'
const SANDBOX_TITLE = 'Verify your identity · Velvet Identity Sandbox'
/** sandbox.ts DeclineReasons[1] and UNDER_AGE_REASON. */
const SELFIE_MISMATCH = 'The selfie does not match the document'
const UNDER_AGE = 'The person is under 18'

/** A flat-colour PNG made with sharp, standing in for a document photo or a selfie. */
function photo(r: number, g: number, b: number, width = 96, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
}

/**
 * A page of a fresh adult context. The install-app card (pwa.e2e.ts) is not shown on /creator_audit, so it
 * never floats over the buttons at the bottom of the audit steps: clicking them proves it.
 */
async function newPage(): Promise<Page> {
  const context = await journey.adultContext()
  return context.newPage()
}

/** What the server says of the page's account: its audit step and role. */
async function serverAudit(page: Page): Promise<{ step: string; role: number }> {
  const api = await connectApi(journey.server.baseUrl)
  const audit = await api.call(creatorAudit, undefined, await sessionOf(page))
  return { step: audit.step, role: audit.user_role }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true })

/** Steps 1 to 3 on /creator_audit: agreement, platform (with a handle), referrer "No"; ends on step 4. */
async function answerAuditSteps(page: Page): Promise<void> {
  await page.getByText('Step 1 of 4').waitFor()
  const agreement = page.getByRole('region', { name: 'Creator agreement text' })
  await agreement.waitFor()
  expect(await agreement.getByRole('heading').count()).toBeGreaterThan(2)
  const proceed = page.getByRole('button', { name: 'Continue', exact: true })
  // Nothing is accepted until "I agree" is ticked.
  expect(await proceed.isDisabled()).toBe(true)
  await page.getByRole('checkbox', { name: /^I have read and agree to the/ }).check()
  await proceed.click()

  await page.getByText('Step 2 of 4').waitFor()
  await heading(page, 'Where do you post today?').waitFor()
  await page.getByRole('radio', { name: 'TikTok', exact: true }).check()
  await page.getByRole('textbox', { name: 'Your handle or profile link (optional)' }).fill('@velvet_e2e')
  await proceed.click()

  await page.getByText('Step 3 of 4').waitFor()
  await heading(page, 'Did another creator invite you?').waitFor()
  await page.getByRole('radio', { name: 'No', exact: true }).check()
  await proceed.click()

  await page.getByText('Step 4 of 4').waitFor()
  await heading(page, 'Verify your identity').waitFor()
}

interface SandboxAnswer {
  legalName: string
  birthDate: string
  documentType: 'Passport' | 'National ID card' | 'Driving licence'
  decision: 'Approve' | 'Decline'
  reason?: string
}

/** On the sandbox partner's hosted page: checks it is that page, fills it in and submits it. */
async function passSandboxPage(page: Page, answer: SandboxAnswer): Promise<void> {
  await page.waitForURL(/\/sandbox\/identity\/sbx_[\w-]+$/)
  expect(await page.title()).toBe(SANDBOX_TITLE)
  await page.getByRole('heading', { level: 1, name: 'Velvet Identity Sandbox' }).waitFor()
  // The partner's own page, not a screen of the app: no app shell around it.
  expect(await page.locator('#root').count()).toBe(0)

  await page.getByLabel('Full legal name').fill(answer.legalName)
  await page.getByLabel('Date of birth').fill(answer.birthDate)
  await page.getByLabel('Document type').selectOption({ label: answer.documentType })
  await page
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'document.png', mimeType: 'image/png', buffer: await photo(40, 90, 200) })
  await page
    .getByLabel('Selfie')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: await photo(220, 160, 120, 64, 64) })
  await page.getByRole('radio', { name: answer.decision, exact: true }).check()
  if (answer.reason) await page.getByLabel('Decline reason (when declining)').selectOption(answer.reason)
  await page.getByRole('button', { name: 'Submit for verification' }).click()
}

/** The creator_verify reports the page sent (common_report, spec §2 analytics). */
async function verifyReports(calls: () => Promise<ApiCall[]>): Promise<ApiCall[]> {
  return (await calls()).filter(
    (c) =>
      c.path === commonReport.path &&
      typeof c.sent === 'object' &&
      c.sent !== null &&
      (c.sent as { action?: unknown }).action === 'creator_verify',
  )
}

/** The audit answers the page received, in order (what the screen was shown). */
async function auditSteps(calls: () => Promise<ApiCall[]>): Promise<string[]> {
  return (await calls())
    .filter((c) => c.path === creatorAudit.path && c.code === 0)
    .map((c) => (c.data as { step: string }).step)
}

describe('becoming a creator', () => {
  it('takes a fan from the publish tab through the audit and an approved sandbox check, back to where they were; publish then opens the create popup', async () => {
    const page = await newPage()
    const calls = recordApiCalls(page)
    await signUp(page, journey.smtp, uniqueEmail('verify'), 'Verify Fan')

    // A viewer's publish tab leads to host verification, returning here.
    await page.getByRole('button', { name: 'Publish' }).click()
    await expectUrl(page, '/creator_audit?redirect=%2Fhome')
    await heading(page, 'Become a creator').waitFor()
    await page.getByRole('region', { name: 'Creator agreement text' }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    await answerAuditSteps(page)
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Verify my identity' }).click()
    const legalName = 'Verity Quinlan-Example'
    await passSandboxPage(page, {
      legalName,
      birthDate: '1994-03-09',
      documentType: 'Passport',
      decision: 'Approve',
    })

    // Back from the partner: reviewing until the webhook's decision, then straight back to /home.
    await page.waitForURL(/\/creator_audit\?redirect=%2Fhome$/)
    await heading(page, REVIEWING).waitFor()
    const welcomed = page.getByText('You’re verified. Welcome, creator!').waitFor({ timeout: 15_000 })
    await expectUrl(page, '/home', 15_000)
    await welcomed
    await heading(page, 'Verify Fan').waitFor()
    expect(await storedUser(page)).toMatchObject({ user_role: UserRole.Creator })
    expect(await auditSteps(calls)).toContain('pending')
    expect(await serverAudit(page)).toEqual({ step: 'approved', role: UserRole.Creator })

    // The publish tab now opens the create popup.
    await page.getByRole('button', { name: 'Publish' }).click()
    const sheet = page.getByRole('dialog', { name: ShellTexts.createPost.title })
    await sheet.getByRole('button', { name: new RegExp(ShellTexts.createPost.newPost) }).waitFor()
    expect(urlOf(page)).toBe('/home')
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })

    // Reported once (spec §2 analytics), and the verification record never reached the browser.
    expect((await verifyReports(calls)).map((c) => c.code)).toEqual([0])
    const all = await calls()
    const started = all.find((c) => c.path === startIdentityCheck.path)
    // (The page leaves for the partner as the answer lands, so only its status is sure to be read.)
    expect(started).toMatchObject({ status: 200, sent: { redirect: '/home' } })
    for (const secret of [legalName, '1994-03-09', 'passport']) {
      expect(JSON.stringify(all.map((c) => c.data)), secret).not.toContain(secret)
    }

    // Creator tools open to the creator; opening /creator_audit again goes straight back.
    await page.goto('/user/creator_tools')
    const tools = page.getByRole('list', { name: 'Creator tools' })
    await tools.waitFor()
    for (const tool of ['Edit profile', 'Lists', 'Blocked locations']) {
      await tools.getByRole('link', { name: new RegExp(`^${tool}`) }).waitFor()
    }
    expect(await tools.getByRole('listitem').count()).toBeGreaterThanOrEqual(8)
    expect(await page.getByRole('link', { name: 'Become a creator' }).count()).toBe(0)
    await page.goto('/creator_audit?redirect=%2Fuser%2Fcreator_tools')
    await expectUrl(page, '/user/creator_tools')
    await tools.waitFor()
    expect((await verifyReports(calls)).length).toBe(1)
  })

  it('shows a declined check with its reason and "Try again"; an under-18 birth date is declined too; a later check is approved', async () => {
    const page = await newPage()
    const calls = recordApiCalls(page)
    await signUp(page, journey.smtp, uniqueEmail('declined'), 'Retry Fan')
    await page.goto('/user/creator_tools')
    await page.getByRole('link', { name: 'Become a creator' }).click()
    await expectUrl(page, '/creator_audit?redirect=%2Fuser%2Fcreator_tools')
    await answerAuditSteps(page)
    await page.getByRole('button', { name: 'Verify my identity' }).click()

    // 1. The partner declines with a reason.
    await passSandboxPage(page, {
      legalName: 'Retry Example',
      birthDate: '1990-11-02',
      documentType: 'National ID card',
      decision: 'Decline',
      reason: SELFIE_MISMATCH,
    })
    await page.waitForURL(/\/creator_audit\?redirect=/)
    await heading(page, DECLINED).waitFor({ timeout: 15_000 })
    await page.getByRole('alert').filter({ hasText: SELFIE_MISMATCH }).waitFor()
    expect(urlOf(page)).toBe('/creator_audit?redirect=%2Fuser%2Fcreator_tools')
    expect(await storedUser(page)).toMatchObject({ user_role: UserRole.Viewer })
    expect(await serverAudit(page)).toEqual({ step: 'declined', role: UserRole.Viewer })
    expect(await seriousA11yViolations(page)).toEqual([])
    // Still declined after a reload: the decision is the server's.
    await page.reload()
    await page.getByRole('alert').filter({ hasText: SELFIE_MISMATCH }).waitFor()

    // 2. "Try again", approving in the sandbox, but born less than 18 years ago: the partner declines.
    await page.getByRole('button', { name: 'Try again' }).click()
    const young = new Date()
    young.setUTCFullYear(young.getUTCFullYear() - 17)
    await passSandboxPage(page, {
      legalName: 'Retry Example',
      birthDate: young.toISOString().slice(0, 10),
      documentType: 'Driving licence',
      decision: 'Approve',
    })
    await heading(page, DECLINED).waitFor({ timeout: 15_000 })
    await page.getByRole('alert').filter({ hasText: UNDER_AGE }).waitFor()
    expect(await page.getByText(SELFIE_MISMATCH).count()).toBe(0)

    // 3. A new attempt is approved: back to the creator tools, now open.
    await page.getByRole('button', { name: 'Try again' }).click()
    await passSandboxPage(page, {
      legalName: 'Retry Example',
      birthDate: '1990-11-02',
      documentType: 'Passport',
      decision: 'Approve',
    })
    await expectUrl(page, '/user/creator_tools', 15_000)
    await page.getByRole('list', { name: 'Creator tools' }).waitFor()
    expect(await storedUser(page)).toMatchObject({ user_role: UserRole.Creator })
    expect(await auditSteps(calls)).toContain('declined')
    expect(await serverAudit(page)).toEqual({ step: 'approved', role: UserRole.Creator })
    const starts = (await calls()).filter((c) => c.path === startIdentityCheck.path)
    expect(starts.map((c) => c.status)).toEqual([200, 200, 200])
    expect((await verifyReports(calls)).map((c) => c.code)).toEqual([0])
  })

  it('sends a guest opening /creator_audit to /login with the way back, and there after signing up', async () => {
    const page = await newPage()
    await page.goto('/creator_audit?redirect=%2Fhome')
    const login = `/login?redirect=${encodeURIComponent('/creator_audit?redirect=%2Fhome')}`
    await expectUrl(page, login)
    await page.getByRole('button', { name: 'Continue with e-mail', exact: true }).click()
    const email = uniqueEmail('guest')
    await requestCode(page, email)
    await enterCode(page, await nextCode(journey.smtp, email))
    await waitUntil(
      'the profile steps',
      () => urlOf(page),
      (url) => url === `${login}#step_4`,
      15_000,
    )
    await completeProfile(page, 'Guest Fan')
    await page.getByRole('button', { name: 'Skip for now', exact: true }).click()
    await expectUrl(page, '/creator_audit?redirect=%2Fhome')
    await page.getByText('Step 1 of 4').waitFor()
    await page.getByRole('checkbox', { name: /^I have read and agree to the/ }).waitFor()
  })
})
