import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FORBIDDEN_BRANDS } from '../constants.ts'
import { Nickname } from './profile.ts'
import {
  containsBrand,
  nameSkeleton,
  SKELETON_DROPPED,
  SKELETON_FOLD_FROM,
  SKELETON_FOLD_TO,
  SKELETON_M,
} from './skeleton.ts'
import { brokenUsernameRules, Username } from './username.ts'

const rulesOf = (schema: typeof Nickname | typeof Username, value: string) => {
  const result = schema.safeParse(value)
  return result.success
    ? []
    : result.error.issues.map((i) => (i as { params?: { rule?: string } }).params?.rule)
}

/** The server's SQL skeleton of a user name (lower, translate, replace), written out in JavaScript. */
function sqlSkeleton(name: string): string {
  const from = SKELETON_FOLD_FROM + SKELETON_DROPPED
  const translated = [...name.toLowerCase()]
    .map((char) => {
      const at = from.indexOf(char)
      return at < 0 ? char : (SKELETON_FOLD_TO[at] ?? '')
    })
    .join('')
  return translated.replaceAll(SKELETON_M.from, SKELETON_M.to)
}

describe('look-alike skeletons', () => {
  it.each([
    'velvet',
    'v3lvet',
    'vel.vet',
    'VEL_VET',
    'ｖｅｌｖｅｔ',
    'vеlvet',
    'vel\u200bvet',
    'Vélvet',
    'V E L V E T',
    '𝐯𝐞𝐥𝐯𝐞𝐭',
    'ⓥⓔⓛⓥⓔⓣ',
    've1vet',
    'VΕLVΕT',
  ])('%s reads as velvet', (name) => {
    expect(nameSkeleton(name)).toBe('velvet')
    expect(containsBrand(name)).toBe(true)
  })

  it('keeps names apart that only share letters', () => {
    expect(nameSkeleton('jane6')).not.toBe(nameSkeleton('jane9'))
    expect(nameSkeleton('jane.doe')).toBe(nameSkeleton('jane_d0e'))
    expect(nameSkeleton('rnodel')).toBe(nameSkeleton('model'))
    expect(containsBrand('Lovely Evelyn')).toBe(false)
  })

  it('does not change under case, separators, invisible characters and full-width forms', () => {
    const name = fc.stringMatching(/^[a-z0-9]{1,12}$/)
    const noise = fc.constantFrom('', '.', '_', ' ', '\u200b', '\u200d', '\u00ad', '\u2066')
    fc.assert(
      fc.property(name, fc.array(noise, { minLength: 13, maxLength: 13 }), (plain, gaps) => {
        const disguised = [...plain].map((char, i) => `${gaps[i]}${char.toUpperCase()}`).join('')
        const fullWidth = [...plain]
          .map((char) => String.fromCodePoint((char.codePointAt(0) ?? 0) + 0xfee0))
          .join('')
        expect(nameSkeleton(disguised)).toBe(nameSkeleton(plain))
        expect(nameSkeleton(fullWidth)).toBe(nameSkeleton(plain))
        expect(nameSkeleton(nameSkeleton(plain))).toBe(nameSkeleton(plain))
      }),
    )
  })

  it('is what the server computes in SQL for every valid user name', () => {
    expect(SKELETON_FOLD_FROM.length).toBe(SKELETON_FOLD_TO.length)
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.]{6,30}$/), (name) => {
        expect(sqlSkeleton(name)).toBe(nameSkeleton(name))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('the brand rule on usernames and nicknames', () => {
  it.each(['v3lvet_fan', 'vel.vet', 'onlyf4ns_jane', 'jane.fan.sly'])(
    'username %s breaks username.brand',
    (name) => {
      expect(brokenUsernameRules(name).map((rule) => rule.id)).toContain('username.brand')
      expect(rulesOf(Username, name)).toContain('username.brand')
    },
  )

  it('refuses a brand in a nickname, however written', () => {
    for (const brand of FORBIDDEN_BRANDS)
      expect(rulesOf(Nickname, `The ${brand} one`)).toEqual(['nickname.brand'])
    for (const name of ['Velvet Official', 'V3LVET official', 'Vel\u200bvet', 'ＶＥＬＶＥＴ']) {
      expect(rulesOf(Nickname, name), name).toEqual(['nickname.brand'])
    }
    expect(Nickname.safeParse('Velvet Official').error?.issues[0]?.message).toBe(
      'Nickname cannot contain Velvet or another platform name.',
    )
  })
})

describe('nickname rules', () => {
  it.each([
    ['\u200b\u200b\u200b', ['nickname.min']],
    ['\u200ba\u200b', ['nickname.min']],
    ['\u3164\u3164', ['nickname.min']],
    ['Jane\u202eeoD', ['text.control']],
    ['Jane\r\nDoe', ['text.one_line']],
    ['Jane\u0000', ['text.control']],
    ['x'.repeat(41), ['nickname.max']],
    ['Zoë 👩‍🎤', []],
    ['李', ['nickname.min']],
    ['李娜', []],
  ])('%j breaks %j', (value, rules) => {
    expect(rulesOf(Nickname, value).slice(0, rules.length)).toEqual(rules)
    if (rules.length === 0) expect(Nickname.safeParse(value).success).toBe(true)
  })

  it('trims before counting', () => {
    expect(Nickname.parse('  Jane  ')).toBe('Jane')
  })
})
