import { z } from 'zod'
import { Profile } from '../constants.ts'
import { containsBrand } from './skeleton.ts'
import { LineText, MultilineText } from './text.ts'
import { checkRules, type Rule } from './username.ts'

export const Email = LineText.trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid e-mail address.' }).max(254))

export const EmailCodeValue = LineText.regex(/^\d{6}$/, { message: 'Enter the 6-digit code.' })

/**
 * What a name shows: without format characters (zero-width, bidi marks), marks standing alone, spaces, and
 * the blank "letters" (Hangul fillers, the braille blank) that pass for a name but show nothing.
 */
export function visibleText(value: string): string {
  return value.replace(/[\p{Cf}\p{M}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]/gu, '')
}

/** Nickname rules (spec §5 lengths; visible characters, and the brand rule of usernames). */
export const nicknameRules: readonly Rule[] = [
  {
    id: 'nickname.min',
    message: `Nickname must be at least ${Profile.nicknameMin} characters.`,
    test: (v) => visibleText(v).length >= Profile.nicknameMin,
  },
  {
    id: 'nickname.max',
    message: `Nickname must be at most ${Profile.nicknameMax} characters.`,
    test: (v) => v.length <= Profile.nicknameMax,
  },
  {
    id: 'nickname.brand',
    message: 'Nickname cannot contain Velvet or another platform name.',
    test: (v) => !containsBrand(v),
  },
]

/** One line (no control characters, line breaks or bidi overrides), trimmed, then the nickname rules. */
export const Nickname = LineText.trim().superRefine(checkRules(nicknameRules))

export const Bio = MultilineText.max(Profile.bioMax, {
  message: `Bio must be at most ${Profile.bioMax} characters.`,
})

/** Age in whole years on `today` for a birthday given as YYYY-MM-DD (both calendar dates, no time zone). */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number]
  const ty = today.getUTCFullYear()
  const tm = today.getUTCMonth() + 1
  const td = today.getUTCDate()
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900
}

/** Birthday schema checked against `now` (a function, so the server's clock and tests can choose it). */
export function birthdaySchema(now: () => Date = () => new Date()) {
  return LineText.refine(isCalendarDate, {
    message: 'Please enter a valid date.',
    params: { rule: 'birthday.date' },
  }).refine((v) => !isCalendarDate(v) || ageOn(v, now()) >= Profile.minimumAge, {
    message: 'Not available for users under 18.',
    params: { rule: 'birthday.adult' },
  })
}

export const Birthday = birthdaySchema()

/**
 * The latest birth year a birthday picker offers on `now`: someone born later cannot be 18 yet (someone born
 * that year may not be either; the birthday rule decides on the day).
 */
export function latestAdultBirthYear(now: Date = new Date()): number {
  return now.getUTCFullYear() - Profile.minimumAge
}
