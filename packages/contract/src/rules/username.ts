import { FORBIDDEN_BRANDS, Profile } from '../constants.ts'
import { LineText } from './text.ts'

export interface Rule {
  /** Stable id, sent to clients as `rule` in validation failures. */
  id: string
  message: string
  test: (value: string) => boolean
}

const lower = (s: string) => s.toLowerCase()

/** Username rules (spec §5, DESIGN §8). Each rule is checked on its own so a failure names it. */
export const usernameRules: readonly Rule[] = [
  {
    id: 'username.min',
    message: `Username must be at least ${Profile.usernameMin} characters.`,
    test: (v) => v.length >= Profile.usernameMin,
  },
  {
    id: 'username.max',
    message: `Username must be at most ${Profile.usernameMax} characters.`,
    test: (v) => v.length <= Profile.usernameMax,
  },
  {
    id: 'username.charset',
    message: 'Use only letters, numbers, underscores and periods.',
    test: (v) => /^[A-Za-z0-9_.]*$/.test(v),
  },
  {
    id: 'username.trailing_period',
    message: 'Username cannot end with a period.',
    test: (v) => !v.endsWith('.'),
  },
  {
    id: 'username.brand',
    message: 'Username cannot contain Velvet or another platform name.',
    test: (v) => !FORBIDDEN_BRANDS.some((brand) => lower(v).includes(brand)),
  },
]

/** The rules a candidate breaks, in table order (empty when it is valid). */
export function brokenUsernameRules(value: string): Rule[] {
  return usernameRules.filter((rule) => !rule.test(value))
}

export const Username = LineText.superRefine((value, ctx) => {
  for (const rule of brokenUsernameRules(value)) {
    ctx.addIssue({ code: 'custom', message: rule.message, params: { rule: rule.id } })
  }
})
