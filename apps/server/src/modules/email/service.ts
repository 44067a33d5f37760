import { EmailCategoryTexts, type EmailTemplate, EmailTemplates } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Tx } from '../../platform/db.ts'
import { type JobSender, jobIdOf } from '../../platform/jobs.ts'
import type { Mailer } from '../../platform/mail.ts'
import type { EmailPreferencesService } from '../account/email-service.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { DIGEST_DELAY_MS, EARNINGS_DELAY_MS, type EmailJob, emailJob, emailJobKey } from './jobs.ts'
import { type MailContent, type MailFooter, renderHtml, renderText } from './layout.ts'
import { type MailLinks, mailLinks } from './links.ts'
import {
  CategoryOfTemplate,
  type EmailPlan,
  emailPlansFor,
  hourWindow,
  pacificDay,
  pacificDayLabel,
} from './plans.ts'
import type { EmailRepo } from './repo.ts'
import { digestMail, earningsMail, newMemberMail, paymentFailedMail, payoutMail } from './templates.ts'

/** A stored notification, as the e-mail plans read it. */
export interface NoticeForEmail {
  userId: number
  notificationId: number
  notifyType: number
  title: string
  summary: string
  createdAt: Date
  targetUserId: number | null
}

export interface EmailNoticesDeps {
  repo: EmailRepo
  jobs: JobSender
  mailer: Mailer
  preferences: Pick<EmailPreferencesService, 'mailAddress' | 'unsubscribeUrl' | 'listUnsubscribeHeaders'>
  /** Whether the user has an open socket now (a digest is not sent to someone reading the app). */
  isOnline: (userId: number) => Promise<boolean>
  /** The creator's withdrawable balance in cents (the ledger). */
  balanceCents: (userId: number) => Promise<number>
  publicUrl: string
  /** Printed in every mail's footer when configured (MAIL_POSTAL_ADDRESS). */
  postalAddress?: string | undefined
  log: Pick<FastifyBaseLogger, 'info'>
}

export type Delivery = 'sent' | 'not_wanted' | 'online' | 'nothing_new'

const EARNING_LABELS: Record<number, string> = {
  [TransferKind.MembershipCharge]: 'Memberships',
  [TransferKind.Unlock]: 'Unlocks',
  [TransferKind.Gift]: 'Gifts and tips',
  [TransferKind.PaidMessage]: 'Paid messages',
}

function jobOf(plan: EmailPlan, notice: NoticeForEmail): { job: EmailJob; startAfter?: Date } {
  if (plan.kind === 'notice')
    return {
      job: {
        kind: 'notice',
        user_id: notice.userId,
        notification_id: notice.notificationId,
        template: plan.template,
        notify_type: notice.notifyType,
        title: notice.title,
        summary: notice.summary,
        target_user_id: notice.targetUserId,
      },
    }
  const window = plan.kind === 'digest' ? hourWindow(notice.createdAt) : pacificDay(notice.createdAt)
  const delay = plan.kind === 'digest' ? DIGEST_DELAY_MS : EARNINGS_DELAY_MS
  return {
    job: {
      kind: plan.kind,
      user_id: notice.userId,
      from_ms: window.start.getTime(),
      to_ms: window.end.getTime(),
    },
    startAfter: new Date(window.end.getTime() + delay),
  }
}

function templateOf(job: EmailJob): EmailTemplate {
  if (job.kind === 'notice') return job.template
  return job.kind === 'digest' ? EmailTemplates.newMessages : EmailTemplates.earnings
}

/**
 * E-mail notifications: the notifications service hands each stored notification to `enqueue`
 * inside its own transaction; the worker's `deliver` renders and sends at most one mail per job, asking
 * the user's preferences at send time. Mails of a notice go at once; messages wait for the hour's digest,
 * sales for the day's earnings summary.
 */
export function createEmailNotices(deps: EmailNoticesDeps) {
  const { repo, preferences, log } = deps
  const host = new URL(deps.publicUrl).hostname

  async function compose(job: EmailJob, links: MailLinks): Promise<MailContent | Delivery> {
    if (job.kind === 'notice') {
      const notice = {
        notifyType: job.notify_type,
        title: job.title,
        summary: job.summary,
        targetUserId: job.target_user_id,
      }
      if (job.template === EmailTemplates.newMember) return newMemberMail(notice, links)
      if (job.template === EmailTemplates.paymentFailed) return paymentFailedMail(notice, links)
      return payoutMail(notice, links)
    }
    const from = new Date(job.from_ms)
    const to = new Date(job.to_ms)
    if (job.kind === 'digest') {
      if (await deps.isOnline(job.user_id)) return 'online'
      const rows = await repo.unreadInWindow(job.user_id, from, to)
      if (rows.length === 0) return 'nothing_new'
      const conversations = rows.map((r) => ({
        peerId: r.peerId,
        name: r.nickname ?? r.userName ?? 'Someone',
        count: r.count,
      }))
      return digestMail({ conversations }, links)
    }
    const rows = (await repo.earningsBetween(job.user_id, from, to)).filter((r) => r.cents > 0)
    const totalCents = rows.reduce((sum, r) => sum + r.cents, 0)
    if (totalCents <= 0) return 'nothing_new'
    const lines = rows
      .sort((a, b) => b.cents - a.cents)
      .map((r) => ({ label: EARNING_LABELS[r.kind] ?? 'Sales', count: r.count, cents: r.cents }))
    const balanceCents = await deps.balanceCents(job.user_id)
    return earningsMail({ day: pacificDayLabel(from), lines, totalCents, balanceCents }, links)
  }

  return {
    /** Whether a notification of this type may cause an e-mail (its publisher then enqueues it). */
    causesEmail: (notifyType: number) => emailPlansFor(notifyType).length > 0,

    /** Loads the queue before a transaction sends on it (PGlite: the transaction holds the connection). */
    prepare: () => deps.jobs.prepare(emailJob),

    /**
     * Writes the notice's e-mail jobs in `tx` (the notification's own transaction): they exist exactly
     * when the notification does. Ids are named by the mail, so a digest or summary is written once however
     * many notices fall in its window.
     */
    async enqueue(tx: Tx, notice: NoticeForEmail): Promise<void> {
      for (const plan of emailPlansFor(notice.notifyType)) {
        const { job, startAfter } = jobOf(plan, notice)
        await deps.jobs.send(emailJob, job, {
          id: jobIdOf(emailJobKey(job)),
          tx,
          ...(startAfter ? { startAfter } : {}),
        })
      }
    },

    /** Renders and sends one job's mail, unless the user opted out, has no address, or nothing is left to say. */
    async deliver(job: EmailJob): Promise<Delivery> {
      const template = templateOf(job)
      const category = CategoryOfTemplate[template]
      const to = await preferences.mailAddress(job.user_id, category)
      if (!to) return 'not_wanted'
      const links = mailLinks(deps.publicUrl, job.user_id)
      const content = await compose(job, links)
      if (typeof content === 'string') return content
      const topic = EmailCategoryTexts[category].title
      const footer: MailFooter = {
        reason: `You get this e-mail because ${topic} e-mails are on in your Velvet settings.`,
        unsubscribeLabel: `Unsubscribe from ${topic.toLowerCase()} e-mails`,
        unsubscribeUrl: preferences.unsubscribeUrl(job.user_id, category),
        settingsUrl: links.settings(template),
        postalAddress: deps.postalAddress,
      }
      await deps.mailer.send({
        to,
        subject: content.subject,
        html: renderHtml(content, footer),
        text: renderText(content, footer),
        headers: preferences.listUnsubscribeHeaders(job.user_id, category),
        messageId: `<${emailJobKey(job)}@${host}>`,
      })
      log.info({ template, userId: job.user_id }, 'notification e-mail sent')
      return 'sent'
    },
  }
}

export type EmailNotices = ReturnType<typeof createEmailNotices>
