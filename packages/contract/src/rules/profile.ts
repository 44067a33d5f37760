import { z } from 'zod'
import { Profile } from '../constants.ts'
import { LineText, MultilineText } from './text.ts'

export const Email = LineText.trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid e-mail address.' }).max(254))

export const EmailCodeValue = LineText.regex(/^\d{6}$/, { message: 'Enter the 6-digit code.' })

export const Nickname = LineText.trim()
  .min(Profile.nicknameMin, { message: `Nickname must be at least ${Profile.nicknameMin} characters.` })
  .max(Profile.nicknameMax, { message: `Nickname must be at most ${Profile.nicknameMax} characters.` })

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
