import { sha256 } from '@noble/hashes/sha2.js'
import { z } from 'zod'
import { COUNTRY_CODES, US_STATES } from '../geo.ts'
import { PayoutRules } from '../money.ts'
import { LineText } from './text.ts'

/**
 * Payout method and tax rules (spec §5). Each rule carries a stable id (`params.rule`), so a form and
 * the server reject the same input with the same words.
 */
/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false
  const d = [...value].map(Number)
  const sum = (i: number) => (d[i] as number) + (d[i + 3] as number) + (d[i + 6] as number)
  return (3 * sum(0) + 7 * sum(1) + sum(2)) % 10 === 0
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 (Bitcoin alphabet) to bytes; null on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return null
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/**
 * A TRON (TRC20) address: 'T' and 33 more base58 characters (34 in all) that decode to 25 bytes: version
 * byte 0x41, the 20-byte account, and the first 4 bytes of the double SHA-256 of the first 21 (base58check).
 */
export function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false
  const bytes = base58Decode(value)
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return false
  const check = sha256(sha256(bytes.subarray(0, 21)))
  return check.subarray(0, 4).every((byte, i) => byte === bytes[21 + i])
}

export const PayoutTexts = {
  achNameRequired: 'Please enter the account name.',
  achNameMax: `The account name can be at most ${PayoutRules.achNameMax} characters.`,
  achNameCharset: "Use only letters, spaces and / ( ) & ' -",
  routingFormat: 'The routing number has nine digits.',
  routingChecksum: 'This routing number is not valid. Please check it.',
  accountNumber: 'The account number has 4 to 17 digits.',
  tronFormat: 'A USDT (TRC20) address starts with T and has 34 characters.',
  tronChecksum: 'This USDT (TRC20) address is not valid. Please check it.',
} as const

/** One check of a text field: a stable id, the words, and the test. */
interface TextRule {
  id: string
  message: string
  test: (value: string) => boolean
}

/**
 * A trimmed text checked rule by rule; the first broken rule is the one reported (with `params.rule`), so
 * a form shows one clear message per field.
 */
export function ruledText(rules: readonly TextRule[]) {
  return LineText.trim().superRefine((value, ctx) => {
    const broken = rules.find((r) => !r.test(value))
    if (broken) ctx.addIssue({ code: 'custom', message: broken.message, params: { rule: broken.id } })
  })
}

export const AchAccountName = ruledText([
  { id: 'ach.name.required', message: PayoutTexts.achNameRequired, test: (v) => v.length > 0 },
  { id: 'ach.name.max', message: PayoutTexts.achNameMax, test: (v) => v.length <= PayoutRules.achNameMax },
  { id: 'ach.name.charset', message: PayoutTexts.achNameCharset, test: (v) => /^[A-Za-z /()&'-]*$/.test(v) },
])

export const RoutingNumber = ruledText([
  { id: 'ach.routing.format', message: PayoutTexts.routingFormat, test: (v) => /^\d{9}$/.test(v) },
  { id: 'ach.routing.checksum', message: PayoutTexts.routingChecksum, test: isAbaRoutingNumber },
])

export const AchAccountNumber = ruledText([
  { id: 'ach.account.format', message: PayoutTexts.accountNumber, test: (v) => /^\d{4,17}$/.test(v) },
])

export const TronAddress = ruledText([
  { id: 'usdt.address.format', message: PayoutTexts.tronFormat, test: (v) => /^T.{33}$/.test(v) },
  { id: 'usdt.address.checksum', message: PayoutTexts.tronChecksum, test: isTronAddress },
])

// -- tax settings (W-9 for US persons, W-8BEN for others) --

export const TaxTexts = {
  nameRequired: 'Please enter your legal name.',
  ssn: 'An SSN has nine digits (123-45-6789).',
  ein: 'An EIN has nine digits (12-3456789).',
  foreignTin: 'Please enter your tax identification number (4 to 30 letters or digits).',
  line1: 'Please enter your street address.',
  city: 'Please enter your city.',
  state: 'Please choose a US state.',
  zip: 'A ZIP code has five digits (or 5+4).',
  postal: 'Please enter your postal code.',
  country: 'Please choose a country.',
  usCountry: 'A W-8BEN is for people outside the United States. Please fill in a W-9 instead.',
  birthday: 'Please enter a valid date of birth.',
  adult: 'You must be at least 18.',
} as const

const Line = (id: string, message: string, max = 100, min = 1) =>
  ruledText([
    { id, message, test: (v) => v.length >= min },
    { id: `${id}.max`, message: `At most ${max} characters.`, test: (v) => v.length <= max },
  ])
const LegalName = Line('tax.name.required', TaxTexts.nameRequired, 100, 2)
const isCountry = (v: string) => COUNTRY_CODES.includes(v)
const Country = ruledText([{ id: 'tax.country', message: TaxTexts.country, test: isCountry }])

export const UsAddress = z.object({
  line1: Line('tax.address.line1', TaxTexts.line1),
  line2: LineText.trim().max(100).default(''),
  city: Line('tax.address.city', TaxTexts.city, 60),
  state: ruledText([{ id: 'tax.address.state', message: TaxTexts.state, test: (v) => v in US_STATES }]),
  postal_code: ruledText([
    { id: 'tax.address.zip', message: TaxTexts.zip, test: (v) => /^\d{5}(-\d{4})?$/.test(v) },
  ]),
})

export const ForeignAddress = z.object({
  line1: Line('tax.address.line1', TaxTexts.line1),
  line2: LineText.trim().max(100).default(''),
  city: Line('tax.address.city', TaxTexts.city, 60),
  region: LineText.trim().max(60).default(''),
  postal_code: Line('tax.address.postal', TaxTexts.postal, 20),
  country: Country,
})

export const TinType = z.enum(['ssn', 'ein'])

/** A US taxpayer id: nine digits, written with or without dashes. */
export const W9Form = z
  .object({
    form: z.literal('w9'),
    legal_name: LegalName,
    tin_type: TinType,
    tin: LineText.trim(),
    address: UsAddress,
  })
  .superRefine((value, ctx) => {
    const digits = value.tin.replace(/[\s-]/g, '')
    if (!/^\d{9}$/.test(digits) || /^0{9}$/.test(digits))
      ctx.addIssue({
        code: 'custom',
        path: ['tin'],
        message: value.tin_type === 'ssn' ? TaxTexts.ssn : TaxTexts.ein,
        params: { rule: 'tax.tin.format' },
      })
  })

function isAdultBirthday(value: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || y < 1900) return false
  const adultOn = new Date(Date.UTC(y + 18, m - 1, d))
  return adultOn.getTime() <= now.getTime()
}

export const W8BenForm = z.object({
  form: z.literal('w8ben'),
  legal_name: LegalName,
  country: ruledText([
    { id: 'tax.country', message: TaxTexts.country, test: isCountry },
    { id: 'tax.country.us', message: TaxTexts.usCountry, test: (v) => v !== 'US' },
  ]),
  foreign_tin: ruledText([
    { id: 'tax.foreign_tin', message: TaxTexts.foreignTin, test: (v) => /^[A-Za-z0-9 -]{4,30}$/.test(v) },
  ]),
  date_of_birth: ruledText([
    { id: 'tax.birthday', message: TaxTexts.adult, test: (v) => isAdultBirthday(v, new Date()) },
  ]),
  address: ForeignAddress,
})

export const TaxForm = z.discriminatedUnion('form', [W9Form, W8BenForm])
export type TaxForm = z.infer<typeof TaxForm>

/** The last four characters of a tax id (digits and letters only), what we keep besides its hash. */
export function tinLast4(tin: string): string {
  return tin.replace(/[^A-Za-z0-9]/g, '').slice(-4)
}
