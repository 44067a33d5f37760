/**
 * The e-mail templates without a database: which notification causes which mail, the windows of digests and
 * summaries (Pacific days across the DST switches), every link's spec §5 parameters as the app reads them,
 * and the HTML/text twins (escaping, the visible unsubscribe link).
 */
import { EmailTemplates, NotifyType, readEmailLink } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { jobIdOf } from '../../platform/jobs.ts'
import { emailJobKey } from './jobs.ts'
import { type MailFooter, renderHtml, renderText } from './layout.ts'
import { mailLinks } from './links.ts'
import { emailPlansFor, hourWindow, pacificDay, pacificDayLabel } from './plans.ts'
import { digestMail, earningsMail, newMemberMail, paymentFailedMail, payoutMail } from './templates.ts'

const BASE = 'https://velvet.example'
const ME = 10_000_042
const links = mailLinks(BASE, ME)
const footer: MailFooter = {
  reason: 'You get this e-mail because Messages e-mails are on in your Velvet settings.',
  unsubscribeLabel: 'Unsubscribe from messages e-mails',
  unsubscribeUrl: `${BASE}/manage/email/unsubscribe?u=${ME}&c=messages&sig=abc`,
  settingsUrl: links.settings(EmailTemplates.newMessages),
}

/** The query of a link as the app sees it after the page loads. */
const queryOf = (link: string) => Object.fromEntries(new URL(link).searchParams)

describe('what a notification causes by e-mail', () => {
  it('mails notices at once, gathers messages into the digest and sales into the earnings summary', () => {
    expect(emailPlansFor(NotifyType.NewMember)).toEqual([
      { kind: 'notice', template: EmailTemplates.newMember },
      { kind: 'earnings' },
    ])
    expect(emailPlansFor(NotifyType.PaymentFailed)).toEqual([
      { kind: 'notice', template: EmailTemplates.paymentFailed },
    ])
    expect(emailPlansFor(NotifyType.PayoutFailed)).toEqual([
      { kind: 'notice', template: EmailTemplates.payout },
    ])
    expect(emailPlansFor(NotifyType.ChatMessage)).toEqual([{ kind: 'digest' }])
    for (const type of [NotifyType.ItemPurchased, NotifyType.GiftReceived, NotifyType.MemberRenewed])
      expect(emailPlansFor(type)).toEqual([{ kind: 'earnings' }])
    for (const type of [NotifyType.NewFollower, NotifyType.PostComment, NotifyType.Mention, 999])
      expect(emailPlansFor(type)).toEqual([])
  })

  it('names one job per notice, per user and hour, per user and day (ids are UUIDs made from the name)', () => {
    const digest = { kind: 'digest', user_id: ME, from_ms: 1_000, to_ms: 2_000 } as const
    expect(emailJobKey(digest)).toBe(`email.digest.${ME}.1000`)
    expect(jobIdOf(emailJobKey(digest))).toBe(jobIdOf(`email.digest.${ME}.1000`))
    expect(jobIdOf(emailJobKey(digest))).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(jobIdOf(`email.digest.${ME}.1000`)).not.toBe(jobIdOf(`email.digest.${ME}.4600000`))
  })
})

describe('windows', () => {
  it('cuts digests by the clock hour', () => {
    expect(hourWindow(new Date('2026-03-10T18:59:59.999Z'))).toEqual({
      start: new Date('2026-03-10T18:00:00Z'),
      end: new Date('2026-03-10T19:00:00Z'),
    })
  })

  it('cuts summaries by the Pacific day, 23 and 25 hours long on the DST switches', () => {
    expect(pacificDay(new Date('2026-06-02T06:59:00Z'))).toEqual({
      start: new Date('2026-06-01T07:00:00Z'),
      end: new Date('2026-06-02T07:00:00Z'),
    })
    expect(pacificDay(new Date('2026-01-15T12:00:00Z'))).toEqual({
      start: new Date('2026-01-15T08:00:00Z'),
      end: new Date('2026-01-16T08:00:00Z'),
    })
    expect(pacificDay(new Date('2026-03-08T12:00:00Z'))).toEqual({
      start: new Date('2026-03-08T08:00:00Z'),
      end: new Date('2026-03-09T07:00:00Z'),
    })
    expect(pacificDay(new Date('2026-11-01T12:00:00Z'))).toEqual({
      start: new Date('2026-11-01T07:00:00Z'),
      end: new Date('2026-11-02T08:00:00Z'),
    })
    expect(pacificDayLabel(new Date('2026-06-01T07:00:00Z'))).toBe('Monday, June 1')
  })
})

describe('links (spec §5)', () => {
  it('gives each template its shape, on our public origin', () => {
    expect(links.earnings()).toBe(`${BASE}/pay/wallet?t=earnings_report&sc=email&s=${ME}`)
    expect(links.newMember()).toBe(`${BASE}/subs/subscribers?t=new_member&open_create=1&sc=email&s=${ME}`)
    expect(links.payout()).toBe(`${BASE}/pay/payout?t=payout&open_create=1&sc=email&s=${ME}`)
    expect(links.renewal(77)).toBe(
      `${BASE}/subs/subscriptions?t=payment_failed&target_user_id=77&sc=email&s=${ME}`,
    )
    expect(links.renewal(null)).toBe(`${BASE}/subs/subscriptions?t=payment_failed&sc=email&s=${ME}`)
    expect(links.inbox()).toBe(`${BASE}/message?t=new_messages&sc=email&s=${ME}`)
    expect(queryOf(links.conversation(5))).toEqual({
      u1: String(ME),
      u2: '5',
      t: 'new_messages',
      sc: 'email',
      s: String(ME),
    })
  })

  it('are read by the app as the spec says: reported, create popup, account check', () => {
    const search = (link: string) => new URL(link).search
    expect(readEmailLink(search(links.earnings()), ME)).toMatchObject({
      report: { template: EmailTemplates.earnings, userId: ME },
      onceKey: `${ME}:${EmailTemplates.earnings}`,
    })
    for (const link of [links.newMember(), links.payout()])
      expect(readEmailLink(search(link), ME)).toMatchObject({ report: { userId: ME }, openCreate: true })
    expect(readEmailLink(search(links.conversation(5)), ME + 1)?.mismatch).toBe(true)
  })
})

describe('templates', () => {
  const notice = (
    notifyType: number,
    title: string,
    summary: string,
    targetUserId: number | null = null,
  ) => ({
    notifyType,
    title,
    summary,
    targetUserId,
  })

  it('tells a creator of a new member and invites a post for members', () => {
    const mail = newMemberMail(notice(NotifyType.NewMember, 'Ann', 'subscribed to you for US$9.99'), links)
    expect(mail.subject).toBe('Ann subscribed to you for US$9.99')
    expect(mail.action.url).toBe(links.newMember())
  })

  it('tells a fan of a failed renewal (or one about to fail) with the renewal link of that creator', () => {
    const failed = paymentFailedMail(
      notice(NotifyType.PaymentFailed, 'Mira', 'Your membership renewal failed.', 77),
      links,
    )
    expect(failed.subject).toBe('We couldn’t renew your membership with Mira')
    expect(failed.action.url).toBe(links.renewal(77))
    const upcoming = paymentFailedMail(
      notice(NotifyType.PrePaymentFailed, 'Mira', 'No usable card', 77),
      links,
    )
    expect(upcoming.subject).toMatch(/renews tomorrow/)
    expect(upcoming.paragraphs[0]).toBe('No usable card.')
  })

  it('tells a creator of a payout sent or failed', () => {
    expect(payoutMail(notice(NotifyType.PayoutPaid, 'Withdrawal sent', 'x'), links).subject).toBe(
      'Your withdrawal is on its way',
    )
    const failed = payoutMail(
      notice(NotifyType.PayoutFailed, 'Withdrawal failed', 'Back in your balance'),
      links,
    )
    expect(failed.subject).toBe('Your withdrawal failed')
    expect(failed.action.url).toBe(links.payout())
  })

  it('sums a day of earnings with the balance', () => {
    const mail = earningsMail(
      {
        day: 'Monday, June 1',
        lines: [
          { label: 'Memberships', count: 2, cents: 1_600 },
          { label: 'Gifts and tips', count: 3, cents: 240 },
        ],
        totalCents: 1_840,
        balanceCents: 5_000,
      },
      links,
    )
    expect(mail.subject).toBe('You earned US$18.40 on Monday, June 1')
    expect(mail.rows?.map((r) => [r.label, r.value])).toEqual([
      ['Memberships (2)', 'US$16.00'],
      ['Gifts and tips (3)', 'US$2.40'],
      ['Total', 'US$18.40'],
      ['Available to withdraw', 'US$50.00'],
    ])
  })

  it('lists a digest’s conversations by name (never the messages), five at most', () => {
    const conversations = Array.from({ length: 7 }, (_, i) => ({
      peerId: 100 + i,
      name: `P${i}`,
      count: i + 1,
    }))
    const mail = digestMail({ conversations }, links)
    expect(mail.subject).toBe('28 new messages from P0 and 6 others')
    expect(mail.rows).toHaveLength(6)
    expect(mail.rows?.[0]).toEqual({ label: 'P0', value: '1 new', url: links.conversation(100) })
    expect(mail.rows?.[5]).toEqual({ label: 'More conversations', value: '2' })
    expect(digestMail({ conversations: [{ peerId: 1, name: 'Zoe', count: 1 }] }, links).subject).toBe(
      '1 new message from Zoe',
    )
  })

  it('renders HTML with every user-chosen text escaped, and a plain-text twin with the same links', () => {
    const content = digestMail({ conversations: [{ peerId: 5, name: '<b>Eve</b> & "co"', count: 2 }] }, links)
    const html = renderHtml(content, footer)
    const text = renderText(content, footer)
    expect(html).not.toContain('<b>Eve</b>')
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;')
    expect(html).toContain(`href="${links.conversation(5).replaceAll('&', '&amp;')}"`)
    expect(html).toContain('name="viewport"')
    expect(html).not.toMatch(/<img|src=|url\(/)
    for (const link of [links.conversation(5), links.inbox(), footer.unsubscribeUrl, footer.settingsUrl]) {
      expect(text).toContain(link)
      expect(html).toContain(link.replaceAll('&', '&amp;'))
    }
    expect(text).toContain('Unsubscribe from messages e-mails: ')
    expect(html).not.toContain('Example Street')
    const withAddress = { ...footer, postalAddress: 'Velvet Ltd, 1 Example Street & Co, Springfield' }
    expect(renderHtml(content, withAddress)).toContain('1 Example Street &amp; Co, Springfield</p>')
    expect(renderText(content, withAddress)).toContain('\nVelvet Ltd, 1 Example Street & Co, Springfield\n')
  })
})
