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
  ssn: 'An SSN has nine digits (XXX-XX-XXXX).',
  ein: 'An EIN has nine digits (XX-XXXXXXX).',
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
  ssnInvalid: 'This SSN is not valid. Please check it.',
  einInvalid: 'This EIN is not valid. Please check it.',
  certify: 'Please confirm the certification by ticking the box.',
  signature: 'Type your legal name exactly as above to sign.',
} as const

/** The W-9 Part II certification the creator signs, word for word as on the IRS form. */
export const W9Certification = {
  title: 'Certification',
  intro: 'Under penalties of perjury, I certify that:',
  items: [
    'The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and',
    'I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and',
    'I am a U.S. citizen or other U.S. person; and',
    'The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
  ],
  consent:
    'The Internal Revenue Service does not require your consent to any provision of this document other than the certifications required to avoid backup withholding.',
  checkbox: 'I certify the statements above under penalties of perjury.',
  signatureLabel: 'Signature (type your legal name)',
} as const

/**
 * EIN prefixes the IRS assigns (its list of campus and internet prefixes); any other two first digits
 * (00, 07-09, 17-19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97) is not an EIN.
 */
const EIN_PREFIXES = new Set([
  ...range(1, 6),
  ...range(10, 16),
  ...range(20, 27),
  ...range(30, 48),
  ...range(50, 68),
  ...range(71, 77),
  ...range(80, 88),
  ...range(90, 95),
  98,
  99,
])

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/** Numbers printed on sample cards and in advertising, never issued to anyone. */
const KNOWN_TEST_TINS = new Set(['123456789', '078051120', '219099999', '987654321'])

/**
 * Whether nine digits can be a real taxpayer id: not a well-known sample number, not one digit repeated,
 * and for an SSN the SSA's rules (area 000, 666 and 900-999, group 00 and serial 0000 are never issued);
 * for an EIN a prefix the IRS assigns.
 */
export function isPlausibleTin(digits: string, type: 'ssn' | 'ein'): boolean {
  if (!/^\d{9}$/.test(digits)) return false
  if (KNOWN_TEST_TINS.has(digits) || /^(\d)\1{8}$/.test(digits)) return false
  if (type === 'ein') return EIN_PREFIXES.has(Number(digits.slice(0, 2)))
  const area = Number(digits.slice(0, 3))
  if (area === 0 || area === 666 || area >= 900) return false
  return digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000'
}

/** A typed signature matches the legal name when they are the same words, whatever the case and spacing. */
export function signatureMatches(signature: string, legalName: string): boolean {
  const norm = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase()
  return norm(signature).length > 0 && norm(signature) === norm(legalName)
}

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
    /** The Part II certification ticked, under penalties of perjury. */
    certify: z.boolean().default(false),
    /** The legal name typed as the signature. */
    signature: LineText.trim().max(100).default(''),
  })
  .superRefine((value, ctx) => {
    const digits = value.tin.replace(/[\s-]/g, '')
    const ssn = value.tin_type === 'ssn'
    if (!/^\d{9}$/.test(digits))
      ctx.addIssue({
        code: 'custom',
        path: ['tin'],
        message: ssn ? TaxTexts.ssn : TaxTexts.ein,
        params: { rule: 'tax.tin.format' },
      })
    else if (!isPlausibleTin(digits, value.tin_type))
      ctx.addIssue({
        code: 'custom',
        path: ['tin'],
        message: ssn ? TaxTexts.ssnInvalid : TaxTexts.einInvalid,
        params: { rule: 'tax.tin.invalid' },
      })
    if (!value.certify)
      ctx.addIssue({
        code: 'custom',
        path: ['certify'],
        message: TaxTexts.certify,
        params: { rule: 'tax.certify' },
      })
    if (!signatureMatches(value.signature, value.legal_name))
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: TaxTexts.signature,
        params: { rule: 'tax.signature' },
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
