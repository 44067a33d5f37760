import type { Page } from 'playwright-core'
import sharp from 'sharp'
import {
  acceptCreatorAgreement,
  adultPopupCheck,
  creatorAgreement,
  creatorAudit,
  setCreatorReferrer,
  setCreatorSocial,
  startIdentityCheck,
  UserRole,
} from '../../packages/contract/src/index.ts'
import type { Api, Caller } from './api.ts'
import { sessionOf } from './api.ts'
import { waitUntil } from './auth.ts'

/**
 * Makes an account a verified creator (user_role 1) the real way, without the /creator_audit screens (their
 * own journeys test those): the audit steps over the API, then the built-in sandbox identity partner's
 * hosted page played over HTTP (apps/server/src/platform/identity/sandbox-routes.ts), choosing Approve.
 * The partner reports by its signed webhook; this resolves once the audit says approved.
 */

/**
 * A PNG made with sharp: a diagonal gradient of `blue`, standing in for a photo (a document, a selfie, a
 * portrait from a phone).
 */
export function photoPng(width: number, height: number, blue = 140): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = Math.round((255 * x) / width)
      pixels[i + 1] = Math.round((160 * y) / height)
      pixels[i + 2] = blue
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The hosted page's form fields (sandbox-page.ts renderSandboxForm), as the page must show them. */
const SANDBOX_FIELDS = [
  'legal_name',
  'date_of_birth',
  'document_type',
  'document',
  'selfie',
  'decision',
  'decline_reason',
] as const

async function submitSandboxPage(verificationUrl: string, legalName: string): Promise<void> {
  const page = await fetch(verificationUrl)
  const html = await page.text()
  if (page.status !== 200) throw new Error(`sandbox page: ${page.status}\n${html.slice(0, 300)}`)
  const missing = SANDBOX_FIELDS.filter((field) => !html.includes(`name="${field}"`))
  if (missing.length > 0) throw new Error(`sandbox page has no field ${missing.join(', ')}`)
  const reason = /<select id="decline_reason"[^>]*>\s*<option value="([^"]*)"/.exec(html)?.[1] ?? ''

  const form = new FormData()
  form.append('legal_name', legalName)
  form.append('date_of_birth', '1991-07-23')
  form.append('document_type', 'passport')
  form.append('decision', 'approve')
  form.append('decline_reason', reason)
  const png = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/png' })
  form.append('document', png(await photoPng(96, 64, 200)), 'document.png')
  form.append('selfie', png(await photoPng(64, 80, 90)), 'selfie.png')
  // The form has no action: it posts back to its own address, and answers 303 to the return address.
  const sent = await fetch(verificationUrl, { method: 'POST', body: form, redirect: 'manual' })
  if (sent.status !== 303) {
    throw new Error(`sandbox submit: ${sent.status}\n${(await sent.text()).slice(0, 600)}`)
  }
}

/**
 * Answers every audit step for `who`, passes the sandbox identity check and waits for the approval;
 * `who.userRole` is then 1. `referrer`: the username of the creator named in the audit's referrer step.
 */
export async function becomeCreator(
  api: Api,
  who: Caller,
  legalName = 'Alex Example',
  referrer?: string,
): Promise<void> {
  const agreement = await api.call(creatorAgreement, undefined, who)
  await api.call(acceptCreatorAgreement, { version: agreement.version }, who)
  await api.call(setCreatorSocial, { platform: 'instagram', handle: 'velvet_e2e' }, who)
  await api.call(setCreatorReferrer, referrer ? { referred: true, code: referrer } : { referred: false }, who)
  const { verification_url } = await api.call(startIdentityCheck, { redirect: '/home' }, who)
  await submitSandboxPage(new URL(verification_url, api.baseUrl).href, legalName)
  await waitUntil(
    'the creator audit to be approved',
    async () => {
      const audit = await api.call(creatorAudit, undefined, who)
      return { step: audit.step, role: audit.user_role }
    },
    (audit) => audit.step === 'approved' && audit.role === UserRole.Creator,
    20_000,
  )
  who.userRole = UserRole.Creator
}

/**
 * The account signed in in `page` becomes a creator; the page is then opened again at `path` so the
 * client reads its account afresh (current user on entry). Answers the account as an API caller.
 */
export async function becomeCreatorIn(page: Page, api: Api, path: string, referrer?: string) {
  const who = await sessionOf(page)
  await becomeCreator(api, who, who.nickname.length >= 2 ? who.nickname : 'Alex Example', referrer)
  await page.goto(path)
  await waitUntil(
    'the browser to know the account is a creator',
    async () => (await sessionOf(page)).userRole,
    (role) => role === UserRole.Creator,
  )
  return who
}

export const ADULT_POPUP = 'This profile contains adult content'

/**
 * Opens a creator's profile in `page` and waits for it: when the server asks for the adult-content popup
 * (a viewer's first creator page), it must show and "Continue" closes it. Answers whether it showed.
 */
export async function openCreatorProfile(page: Page, userName: string, nickname: string): Promise<boolean> {
  const check = page.waitForResponse(
    (response) => new URL(response.url()).pathname === adultPopupCheck.path,
    { timeout: 15_000 },
  )
  await page.goto(`/@${userName}`)
  await page.getByRole('heading', { level: 1, name: nickname }).waitFor()
  const answer = (await (await check).json()) as { data?: { is_pop?: boolean } }
  if (answer.data?.is_pop !== true) return false
  const popup = page.getByRole('alertdialog', { name: ADULT_POPUP })
  await popup.getByRole('button', { name: 'Continue', exact: true }).click()
  await popup.waitFor({ state: 'detached' })
  return true
}
