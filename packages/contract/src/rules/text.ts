import { z } from 'zod'

/**
 * The building blocks of every text a call takes. Every string in a call's input is one of these
 * two (a contract test walks every call to keep it so), with its own length, trimming and pattern on top:
 * PostgreSQL refuses NUL, a lone UTF-16 surrogate is not text (and breaks jsonb), and control characters
 * have no place in what people are shown.
 */

export const TextTexts = {
  invalid: 'This text has characters that are not valid.',
  oneLine: 'Keep this to one line.',
  control: 'Remove the hidden control characters from this text.',
} as const

/** Half of a surrogate pair standing alone (`\p{Cs}` only matches those in a `u` regex). */
const LONE_SURROGATE = /\p{Cs}/u
/** Line and paragraph breaks (the C0/C1 ones and U+2028, U+2029). */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u
/** C0 and C1 control characters but line feed and tab. */
const CONTROL_BUT_LF_TAB = /[^\P{Cc}\n\t]/u
/**
 * Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they reorder the text that
 * follows, so a name or a message can show something other than what it is ("Trojan Source").
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u
const CONTROL = /\p{Cc}/u

interface TextRule {
  id: string
  message: string
  broken: (value: string) => boolean
}

const wellFormed: TextRule = {
  id: 'text.invalid',
  message: TextTexts.invalid,
  broken: (v) => LONE_SURROGATE.test(v),
}
const bidi: TextRule = { id: 'text.control', message: TextTexts.control, broken: (v) => BIDI_CONTROL.test(v) }

const lineRules: readonly TextRule[] = [
  wellFormed,
  { id: 'text.one_line', message: TextTexts.oneLine, broken: (v) => LINE_BREAK.test(v) },
  { id: 'text.control', message: TextTexts.control, broken: (v) => CONTROL.test(v) },
  bidi,
]

const multilineRules: readonly TextRule[] = [
  wellFormed,
  { id: 'text.control', message: TextTexts.control, broken: (v) => CONTROL_BUT_LF_TAB.test(v) },
  bidi,
]

/** The first rule a text breaks (reported with `params.rule`, so a form shows one clear message). */
function checkWith(rules: readonly TextRule[]) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    const broken = rules.find((rule) => rule.broken(value))
    if (broken) ctx.addIssue({ code: 'custom', message: broken.message, params: { rule: broken.id } })
  }
}

/**
 * One line of text: names, searches, codes, ids, paths. No control character at all (no line break, no tab),
 * no lone surrogate, no bidi override. Fields add their own trim, length and pattern.
 */
export const LineText = z.string().superRefine(checkWith(lineRules))

/**
 * Text of several lines: a bio, a message, a caption, a comment. Line feeds and tabs stay (CR LF and CR become
 * LF, as a browser's textarea gives them); every other control character, lone surrogates and bidi overrides
 * are refused.
 */
export const MultilineText = z
  .string()
  .overwrite((value) => value.replace(/\r\n?/g, '\n'))
  .superRefine(checkWith(multilineRules))

const blockChecks = [LineText, MultilineText].map((block) => block._zod.def.checks?.at(-1))

/** Whether a string schema was built from LineText or MultilineText (the contract test of every call uses it). */
export function isTextBlock(schema: z.ZodType): boolean {
  const checks = (schema._zod.def as { checks?: unknown[] }).checks ?? []
  return blockChecks.some((check) => check !== undefined && checks.includes(check))
}
