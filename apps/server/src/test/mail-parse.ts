import type { ReceivedMail } from './smtp.ts'

/** A received mail read back: unfolded headers (lower-case names), decoded subject, text and HTML parts. */
export interface ParsedMail {
  to: string[]
  headers: Record<string, string>
  subject: string
  text: string
  html: string
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const soft = body.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    )
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

/** Reads a mail as nodemailer writes it (one part, or multipart/alternative with text and HTML). */
export function parseMail(mail: ReceivedMail): ParsedMail {
  const { headers, body } = splitHead(mail.raw)
  const parts = { text: '', html: '' }
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1]
  const pieces = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((piece) => splitHead(piece.replace(/^\r?\n/, '')))
    : [{ headers, body }]
  for (const piece of pieces) {
    const type = piece.headers['content-type'] ?? 'text/plain'
    const decoded = decodeBody(piece.headers, piece.body)
    if (type.startsWith('text/html')) parts.html = decoded
    else if (type.startsWith('text/plain')) parts.text = decoded
  }
  return { to: mail.to, headers, subject: decodeWords(headers.subject ?? ''), ...parts }
}

/** Every absolute link in a text (the plain-text part lists each link in full). */
export function linksIn(text: string): URL[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => new URL(m[0]))
}
