import type { z } from 'zod'
import { Profile } from '../constants.ts'
import { containsBrand } from './skeleton.ts'
import { LineText } from './text.ts'

export interface Rule {
  /** Stable id, sent to clients as `rule` in validation failures. */
  id: string
  message: string
  test: (value: string) => boolean
}

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
    // On the look-alike skeleton: v3lvet_fan and vel.vet break it too.
    test: (v) => !containsBrand(v),
  },
]

/** The rules a candidate breaks, in table order (empty when it is valid). */
export function brokenUsernameRules(value: string): Rule[] {
  return usernameRules.filter((rule) => !rule.test(value))
}

/** A zod check reporting each broken rule of `rules` with its id (`params.rule`) and words. */
export function checkRules(rules: readonly Rule[]) {
  return (value: string, ctx: z.RefinementCtx<string>) => {
    for (const rule of rules) {
      if (!rule.test(value))
        ctx.addIssue({ code: 'custom', message: rule.message, params: { rule: rule.id } })
    }
  }
}

export const Username = LineText.superRefine(checkRules(usernameRules))
