import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { isCallDef } from '../calls/define.ts'
import * as contract from '../index.ts'
import { isTextBlock, LineText, MultilineText, TextTexts } from './text.ts'

function ruleOf(schema: z.ZodType, value: string) {
  const result = schema.safeParse(value)
  return result.success ? null : (result.error.issues[0] as { params?: { rule?: string } }).params?.rule
}

describe('text blocks', () => {
  it.each([
    ['a\u0000b', 'text.control', 'text.control'],
    ['a\u0007b', 'text.control', 'text.control'],
    ['a\u009bb', 'text.control', 'text.control'],
    ['a\ud800b', 'text.invalid', 'text.invalid'],
    ['b\udfff', 'text.invalid', 'text.invalid'],
    ['\u202eevil.exe', 'text.control', 'text.control'],
    ['a\u2066b\u2069', 'text.control', 'text.control'],
    ['two\nlines', 'text.one_line', null],
    ['a\r\nb', 'text.one_line', null],
    ['a\u2028b', 'text.one_line', null],
    ['tab\there', 'text.control', null],
    ['Zoë 😀 👩‍🎤 🏴󠁧󠁢󠁳󠁣󠁴󠁿 مرحبا 你好', null, null],
  ])('%j: one line %s, several lines %s', (value, line, multiline) => {
    expect(ruleOf(LineText, value)).toBe(line)
    expect(ruleOf(MultilineText, value)).toBe(multiline)
  })

  it('keeps line breaks of several lines as line feeds', () => {
    expect(MultilineText.parse('one\r\ntwo\rthree\n')).toBe('one\ntwo\nthree\n')
  })

  it('says why in words', () => {
    expect(LineText.safeParse('a\nb').error?.issues[0]?.message).toBe(TextTexts.oneLine)
    expect(LineText.safeParse('a\u0000').error?.issues[0]?.message).toBe(TextTexts.control)
  })

  it('never lets NUL, a lone surrogate or a bidi override through', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (value) => {
        for (const block of [LineText, MultilineText]) {
          const result = block.safeParse(value)
          if (!result.success) continue
          expect(result.data.includes('\u0000')).toBe(false)
          expect(result.data).not.toMatch(/[\p{Cs}\u202A-\u202E\u2066-\u2069]/u)
        }
      }),
      { numRuns: 300 },
    )
  }, 30_000)
})

/** Every string schema a call's input reaches (the input side of pipes: what the client sends). */
function stringsIn(schema: z.ZodType, path: string, found: Array<{ path: string; schema: z.ZodType }>) {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string }
  const walk = (inner: unknown, at = path) => stringsIn(inner as z.ZodType, at, found)
  switch (def.type) {
    case 'string':
      found.push({ path, schema })
      break
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        walk(value, `${path}.${key}`)
      break
    case 'array':
      walk(def.element, `${path}[]`)
      break
    case 'record':
      walk(def.keyType, `${path}{key}`)
      walk(def.valueType, `${path}{}`)
      break
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option)
      break
    case 'intersection':
      walk(def.left)
      walk(def.right)
      break
    case 'pipe':
      walk(def.in)
      break
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      walk(def.innerType)
      break
    case 'lazy':
      walk((def.getter as () => z.ZodType)())
      break
    default:
      // numbers, booleans, enums, literals: no text.
      break
  }
  return found
}

describe('every call input', () => {
  const calls = Object.values(contract as Record<string, unknown>).filter(isCallDef)

  it('takes text only through LineText or MultilineText', () => {
    const outside = calls.flatMap((call) =>
      call.input
        ? stringsIn(call.input, call.path, [])
            .filter((field) => !isTextBlock(field.schema))
            .map((field) => field.path)
        : [],
    )
    expect(outside).toEqual([])
  })

  it('finds the text of the calls (the walk itself works)', () => {
    const fields = calls.flatMap((call) => (call.input ? stringsIn(call.input, call.path, []) : []))
    expect(fields.length).toBeGreaterThan(80)
    expect(fields.map((field) => field.path)).toContain('/fapi/core/user/profile/update/.nickname')
  })
})
