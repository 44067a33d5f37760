import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ageOn, birthdaySchema, Email, latestAdultBirthYear, Nickname } from './profile.ts'

const today = new Date('2026-06-01T12:00:00Z')
const schema = birthdaySchema(() => today)

describe('birthday', () => {
  it.each([
    ['2008-06-01', true],
    ['2008-06-02', false],
    ['1990-02-28', true],
    ['2020-01-01', false],
  ])('%s is adult on 2026-06-01: %s', (birthday, adult) => {
    expect(schema.safeParse(birthday).success).toBe(adult)
  })

  it('rejects impossible dates with their own rule', () => {
    for (const value of ['1990-02-30', '1990-13-01', 'yesterday', '1800-01-01']) {
      const result = schema.safeParse(value)
      expect(result.success).toBe(false)
      const rules = result.error?.issues.map((i) => (i as { params?: { rule?: string } }).params?.rule)
      expect(rules).toEqual(['birthday.date'])
    }
  })

  it('says under-18 in the spec words', () => {
    expect(schema.safeParse('2015-05-05').error?.issues[0]?.message).toBe('Not available for users under 18.')
  })

  it('ageOn agrees with a day-by-day count', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1920-01-01'), max: new Date('2026-05-31'), noInvalidDate: true }),
        (d) => {
          const birthday = d.toISOString().slice(0, 10)
          const age = ageOn(birthday, today)
          const [y, m, day] = birthday.split('-').map(Number) as [number, number, number]
          const lastBirthday = new Date(Date.UTC(y + age, m - 1, day))
          const nextBirthday = new Date(Date.UTC(y + age + 1, m - 1, day))
          // Born on 29 February: the birthday moves to 1 March in other years; that is what Date.UTC does too.
          expect(lastBirthday.getTime()).toBeLessThanOrEqual(Date.UTC(2026, 5, 1))
          expect(nextBirthday.getTime()).toBeGreaterThan(Date.UTC(2026, 5, 1))
        },
      ),
    )
  })
})

describe('e-mail and nickname', () => {
  it('normalises e-mail to lower case and trims it', () => {
    expect(Email.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com')
    expect(Email.safeParse('jane@').success).toBe(false)
  })

  it('keeps nickname between 2 and 40 characters after trimming', () => {
    expect(Nickname.safeParse(' a ').success).toBe(false)
    expect(Nickname.safeParse('ab').success).toBe(true)
    expect(Nickname.safeParse('x'.repeat(41)).success).toBe(false)
  })
})

describe('the birth years a picker offers', () => {
  it('ends at the latest year in which someone can already be 18, which the birthday rule agrees with', () => {
    for (const now of [new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T12:00:00Z')]) {
      const latest = latestAdultBirthYear(now)
      expect(latest).toBe(now.getUTCFullYear() - 18)
      const rule = birthdaySchema(() => now)
      // Nobody born the year after is 18 yet on any day of `now`'s year.
      expect(rule.safeParse(`${latest + 1}-01-01`).success).toBe(false)
      // Someone born on 1 January of that year is 18 from that day of `now`'s year.
      expect(rule.safeParse(`${latest}-01-01`).success).toBe(true)
    }
  })
})
