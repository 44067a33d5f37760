import type { LoggerOptions } from 'pino'

/** Paths pino blanks in every log line: secrets, codes, e-mails and card data never reach a log. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-sign"]',
  'res.headers["set-cookie"]',
  '*.token',
  '*.ptoken',
  '*.id_token',
  '*.code',
  '*.email',
  '*.to',
  '*.password',
  '*.card_number',
  '*.cvc',
  '*.cvv',
  '*.number',
  '*.account_number',
  '*.routing_number',
  '*.tin',
  '*.foreign_tin',
  '*.ssn',
  '*.sign',
]

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        // The query string can carry sign, ts and e-mail links: log the path only.
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  }
}
