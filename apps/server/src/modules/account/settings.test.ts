import {
  adultSettings,
  Creator,
  ErrorCodes,
  emailPreferences,
  LegalDocs,
  legalDocuments,
  resubscribeEmail,
  unsubscribeEmail,
  unsubscribeInfo,
  updateAdultSettings,
  updateEmailPreferences,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

const PUBLIC_URL = 'https://velvet.example'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL, APP_SECRET: 'test-app-secret-0123456789-abcdefghij' })
})
afterAll(() => t.close())

const allOn = {
  messages: true,
  new_posts: true,
  subscriptions: true,
  earnings: true,
  live: true,
  product_news: true,
}

/** The signed params of an unsubscribe link, as the account service builds it for a mail. */
function linkParams(userId: number, category: 'messages' | 'product_news' | 'live') {
  const url = new URL(t.app.services.emailPreferences.unsubscribeUrl(userId, category))
  return { u: url.searchParams.get('u'), c: url.searchParams.get('c'), sig: url.searchParams.get('sig') }
}

describe('adult settings', () => {
  it('reads the defaults and updates one field at a time', async () => {
    const me = await makeAccount(t)
    const read = await t.call(adultSettings, {}, { token: me.token })
    expect(read.body.data).toEqual({ show_adult_content: true, blur_previews: false })
    const blur = await t.call(updateAdultSettings, { blur_previews: true }, { token: me.token })
    expect(blur.body.data).toEqual({ show_adult_content: true, blur_previews: true })
    const hide = await t.call(updateAdultSettings, { show_adult_content: false }, { token: me.token })
    expect(hide.body.data).toEqual({ show_adult_content: false, blur_previews: true })
    expect((await t.call(updateAdultSettings, {}, { token: me.token })).body.data).toEqual(hide.body.data)
    const bad = await t.call(updateAdultSettings, { blur_previews: 'yes' }, { token: me.token })
    expect(bad.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
  })

  it('are per account and need an account', async () => {
    const guest = await makeGuest(t)
    expect((await t.call(adultSettings, {}, { token: guest.token })).body.error.code).toBe(
      ErrorCodes.SignupNeedsLogin.code,
    )
    expect((await t.call(adultSettings, {})).status).toBe(401)
    const other = await makeAccount(t)
    expect((await t.call(adultSettings, {}, { token: other.token })).body.data.blur_previews).toBe(false)
  })
})

describe('e-mail preferences (/manage/email/notification)', () => {
  it('has every category on by default and turns some off and on again', async () => {
    const me = await makeAccount(t)
    const read = await t.call(emailPreferences, {}, { token: me.token })
    expect(read.body.data).toEqual({ email: me.email, preferences: allOn })

    const off = await t.call(
      updateEmailPreferences,
      { preferences: { product_news: false, live: false } },
      { token: me.token },
    )
    expect(off.body.data.preferences).toEqual({ ...allOn, product_news: false, live: false })
    const on = await t.call(updateEmailPreferences, { preferences: { live: true } }, { token: me.token })
    expect(on.body.data.preferences).toEqual({ ...allOn, product_news: false })
    expect(await t.app.services.emailPreferences.wantsEmail(me.userId, 'product_news')).toBe(false)
    expect(await t.app.services.emailPreferences.wantsEmail(me.userId, 'live')).toBe(true)

    const bad = await t.call(updateEmailPreferences, { preferences: { spam: false } }, { token: me.token })
    expect(bad.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
  })
})

describe('unsubscribe links (/manage/email/unsubscribe)', () => {
  it('builds the page link and the RFC 8058 headers', async () => {
    const me = await makeAccount(t)
    const url = t.app.services.emailPreferences.unsubscribeUrl(me.userId, 'messages')
    expect(url).toMatch(
      new RegExp(
        `^${PUBLIC_URL}/manage/email/unsubscribe\\?u=${me.userId}&c=messages&sig=[A-Za-z0-9_-]{32}$`,
      ),
    )
    const headers = t.app.services.emailPreferences.listUnsubscribeHeaders(me.userId, 'messages')
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(headers['List-Unsubscribe']).toMatch(
      new RegExp(
        `^<${PUBLIC_URL}/fapi/core/account/email/one_click/\\?u=${me.userId}&c=messages&sig=[\\w-]{32}>$`,
      ),
    )
  })

  it('unsubscribes and resubscribes without a session, showing a masked e-mail', async () => {
    const me = await makeAccount(t)
    const link = linkParams(me.userId, 'messages')
    const info = await t.call(unsubscribeInfo, link)
    expect(info.status).toBe(200)
    const [local, domain] = me.email.split('@')
    expect(info.body.data).toEqual({
      masked_email: `${local?.[0]}***@${domain}`,
      category: 'messages',
      subscribed: true,
    })
    const off = await t.call(unsubscribeEmail, link)
    expect(off.body.data).toEqual({ category: 'messages', subscribed: false })
    expect((await t.call(unsubscribeInfo, link)).body.data.subscribed).toBe(false)
    const prefs = await t.call(emailPreferences, {}, { token: me.token })
    expect(prefs.body.data.preferences).toEqual({ ...allOn, messages: false })

    const on = await t.call(resubscribeEmail, link)
    expect(on.body.data).toEqual({ category: 'messages', subscribed: true })
    expect(await t.app.services.emailPreferences.wantsEmail(me.userId, 'messages')).toBe(true)
  })

  it('refuses a bad or borrowed signature with 3021 and changes nothing', async () => {
    const me = await makeAccount(t)
    const victim = await makeAccount(t)
    const link = linkParams(me.userId, 'messages')
    const tampered = { ...link, sig: `${link.sig?.slice(0, -1)}${link.sig?.endsWith('A') ? 'B' : 'A'}` }
    const otherUser = { ...link, u: String(victim.userId) }
    const otherCategory = { ...link, c: 'live' }
    for (const bad of [tampered, otherUser, otherCategory]) {
      for (const call of [unsubscribeInfo, unsubscribeEmail, resubscribeEmail]) {
        const res = await t.call(call, bad)
        expect(res.status).toBe(400)
        expect(res.body.error.code).toBe(ErrorCodes.UnsubscribeLinkInvalid.code)
      }
    }
    expect(await t.app.services.emailPreferences.wantsEmail(victim.userId, 'messages')).toBe(true)
    expect(await t.app.services.emailPreferences.wantsEmail(me.userId, 'live')).toBe(true)
    // A malformed link is a validation error, and the call still needs our client's request signature.
    expect((await t.call(unsubscribeInfo, { ...link, c: 'everything' })).body.error.code).toBe(
      ErrorCodes.ValidationFailed.code,
    )
    expect((await t.call(unsubscribeInfo, link, { unsigned: true })).body.error.code).toBe(
      ErrorCodes.BadSignature.code,
    )
  })

  it('takes the one-click POST of a mail provider (form body, no session, no request signature)', async () => {
    const me = await makeAccount(t)
    const header = t.app.services.emailPreferences.listUnsubscribeHeaders(me.userId, 'product_news')
    const target = new URL(header['List-Unsubscribe']?.slice(1, -1) ?? '')
    const res = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    expect(await t.app.services.emailPreferences.wantsEmail(me.userId, 'product_news')).toBe(false)

    const forged = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}?u=${me.userId}&c=messages&sig=${target.searchParams.get('sig')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(forged.statusCode).toBe(400)
    expect(await t.app.services.emailPreferences.wantsEmail(me.userId, 'messages')).toBe(true)
  })
})

describe('legal documents (/manage/terms)', () => {
  it('shows terms and privacy accepted at sign-up and the creator agreement not yet', async () => {
    const me = await makeAccount(t)
    const res = await t.call(legalDocuments, {}, { token: me.token })
    const docs = res.body.data.documents as { kind: string; version: string; accepted_at: number | null }[]
    expect(docs.map((d) => [d.kind, d.version])).toEqual([
      ['terms', LegalDocs.terms.version],
      ['privacy', LegalDocs.privacy.version],
      ['creator_agreement', Creator.agreementVersion],
    ])
    expect(docs[0]).toMatchObject({ title: 'Terms of Service', path: '/terms' })
    expect(docs[0]?.accepted_at).toBeGreaterThan(0)
    expect(docs[1]?.accepted_at).toBeGreaterThan(0)
    expect(docs[2]?.accepted_at).toBeNull()
  })
})
