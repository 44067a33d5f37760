/**
 * The Velvet mail layout: one HTML shell (tables and inline styles, 600 px wide at most, fluid on a phone,
 * no remote images: the wordmark is text) and its plain-text twin, both made from the same content.
 */

export interface MailContent {
  subject: string
  /** The preview line mail apps show after the subject (hidden in the body). */
  preheader: string
  heading: string
  paragraphs: string[]
  /** A short table (earnings lines, conversations); `money` values are shown in the money colour. */
  rows?: { label: string; value: string; money?: boolean; url?: string }[]
  action: { label: string; url: string }
}

export interface MailFooter {
  /** Why the user gets this mail (the category's description). */
  reason: string
  unsubscribeLabel: string
  unsubscribeUrl: string
  settingsUrl: string
  /** The sender's postal address (MAIL_POSTAL_ADDRESS), when configured. */
  postalAddress?: string | undefined
}

const Colors = {
  page: '#f2edef',
  card: '#ffffff',
  band: '#0b0a0c',
  brand: '#ff6b81',
  accent: '#e0294f',
  text: '#1d1a1e',
  muted: '#6b6470',
  line: '#e6dfe2',
  // The gold of the app darkened to pass AA on white.
  money: '#8a5a00',
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Every dynamic string (names chosen by users) goes through this before it reaches the HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

function rowsHtml(rows: NonNullable<MailContent['rows']>): string {
  const cells = rows.map((row) => {
    const label = row.url
      ? `<a href="${escapeHtml(row.url)}" style="color:${Colors.text};text-decoration:underline">${escapeHtml(row.label)}</a>`
      : escapeHtml(row.label)
    const color = row.money ? Colors.money : Colors.text
    return `<tr><td style="padding:10px 0;border-bottom:1px solid ${Colors.line};font-size:15px;color:${Colors.text}">${label}</td><td align="right" style="padding:10px 0;border-bottom:1px solid ${Colors.line};font-size:15px;font-weight:600;color:${color};white-space:nowrap">${escapeHtml(row.value)}</td></tr>`
  })
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 24px">${cells.join('')}</table>`
}

function buttonHtml(action: MailContent['action']): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 8px"><tr><td style="border-radius:999px;background:${Colors.accent}"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(action.label)}</a></td></tr></table>`
}

export function renderHtml(content: MailContent, footer: MailFooter): string {
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${Colors.text}">${escapeHtml(p)}</p>`,
    )
    .join('')
  const small = `font-size:13px;line-height:20px;color:${Colors.muted}`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${Colors.page};font-family:${FONT}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${Colors.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;border-radius:16px;overflow:hidden;background:${Colors.card}">
<tr><td style="background:${Colors.band};padding:20px 28px"><span style="font-size:22px;font-weight:700;letter-spacing:0.5px;color:${Colors.brand}">Velvet</span></td></tr>
<tr><td style="padding:32px 28px 24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;font-weight:700;color:${Colors.text}">${escapeHtml(content.heading)}</h1>
${paragraphs}${content.rows?.length ? rowsHtml(content.rows) : ''}${buttonHtml(content.action)}
</td></tr>
<tr><td style="padding:20px 28px 28px;border-top:1px solid ${Colors.line}">
<p style="margin:0 0 8px;${small}">${escapeHtml(footer.reason)}</p>
<p style="margin:0;${small}"><a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${Colors.muted};text-decoration:underline">${escapeHtml(footer.unsubscribeLabel)}</a> &middot; <a href="${escapeHtml(footer.settingsUrl)}" style="color:${Colors.muted};text-decoration:underline">E-mail settings</a></p>
${footer.postalAddress ? `<p style="margin:8px 0 0;${small}">${escapeHtml(footer.postalAddress)}</p>` : ''}
</td></tr>
</table></td></tr></table>
</body></html>`
}

export function renderText(content: MailContent, footer: MailFooter): string {
  const rows = (content.rows ?? []).map(
    (row) => `- ${row.label}: ${row.value}${row.url ? `\n  ${row.url}` : ''}`,
  )
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(rows.length ? [...rows, ''] : []),
    `${content.action.label}: ${content.action.url}`,
    '',
    '--',
    footer.reason,
    `${footer.unsubscribeLabel}: ${footer.unsubscribeUrl}`,
    `E-mail settings: ${footer.settingsUrl}`,
    ...(footer.postalAddress ? [footer.postalAddress] : []),
    '',
  ].join('\n')
}
