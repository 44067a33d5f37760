import type { CallDef } from '@velvet/contract'
import fc from 'fast-check'
import { z } from 'zod'

/**
 * Inputs for the bad-input fuzz test (platform/bad-input.test.ts): values shaped like a call's input schema
 * (so most fields pass and the hostile one reaches the service and the database), where any value may be
 * swapped for something hostile: NUL and other control characters, lone UTF-16 surrogates, numbers past
 * bigint, deep nesting, the wrong type.
 */

/** The part of JSON Schema that `z.toJSONSchema` writes for our inputs. */
interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  propertyNames?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
}

/** Characters that have broken servers: NUL and controls, lone surrogates, bidi and zero-width marks. */
const hostileChar = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\n',
  '\r',
  '\t',
  '%',
  '\\',
  '"',
  "'",
  '😀',
  'é',
  '\u0301',
)
const plainChar = fc.constantFrom(...'abcxyzABC0189_.-@ '.split(''))
const textChar = fc.oneof({ weight: 4, arbitrary: plainChar }, { weight: 1, arbitrary: hostileChar })

/** Text that numbers and ids are parsed from, wrongly. */
const numberishText = fc.constantFrom(
  '9'.repeat(25),
  '111111111111111111111111111111',
  `${'1'.repeat(20)},${'2'.repeat(30)}`,
  '9223372036854775808',
  '1e400',
  '-1',
  '0',
  '0x1F',
  'NaN',
  'Infinity',
  '1.5',
  ' 12',
  `${'1'.repeat(25)}_${'2'.repeat(25)}`,
  Buffer.from(`2026-06-01T12:00:00.000000Z|${'9'.repeat(19)}`).toString('base64url'),
  Buffer.from(`${'9'.repeat(15)}|${'9'.repeat(19)}`).toString('base64url'),
  Buffer.from(`c${'9'.repeat(19)}`).toString('base64url'),
)

export const hostileString = fc.oneof(fc.string({ unit: textChar, maxLength: 40 }), numberishText)

const hostileNumber = fc.constantFrom(
  1e29,
  -1e29,
  2 ** 53,
  2 ** 63,
  Number.MAX_VALUE,
  Number.MIN_SAFE_INTEGER,
  -1,
  0,
  0.5,
  1e-300,
  9_999_999_999_999,
)

/** Arrays in arrays, past any depth a call takes (the 5,000-deep body has its own test). */
const deepNesting = fc.integer({ min: 9, max: 200 }).map((depth) => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
})

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
)

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  deepNesting,
  wrongType,
)

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60))
  const free = fc.string({ unit: textChar, minLength, maxLength })
  if (!schema.pattern) return free
  try {
    return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), free)
  } catch {
    // A pattern fast-check cannot generate from (lookarounds): free text then.
    return free
  }
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1e6, Number.MIN_SAFE_INTEGER)
  const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1e12, Number.MAX_SAFE_INTEGER)
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  return fc.oneof(inRange, fc.constantFrom(min, max), hostileNumber)
}

function ofType(type: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema)
    case 'integer':
      return numberOf(schema, true)
    case 'number':
      return numberOf(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const minLength = schema.minItems ?? 0
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4))
      return fc.array(shaped(schema.items ?? {}), { minLength, maxLength })
    }
    case 'object':
      return objectOf(schema)
    default:
      return hostileValue
  }
}

/**
 * A generated value as an object key. `String` throws on some hostile values (an object whose `toString`
 * or `valueOf` key holds no function: "Cannot convert object to primitive value"), which failed the
 * generator itself now and then; those become one fixed odd key.
 */
function keyText(value: unknown): string {
  try {
    return String(value)
  } catch {
    return '[object without text]'
  }
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const extra = fc.option(fc.tuple(hostileString, hostileValue), { freq: 4 })
  if (schema.properties) {
    const model = Object.fromEntries(Object.entries(schema.properties).map(([key, s]) => [key, shaped(s)]))
    const record = fc.record(model, { requiredKeys: schema.required ?? [] })
    return fc
      .tuple(record, extra)
      .map(([value, more]) => (more && !(more[0] in value) ? { ...value, [more[0]]: more[1] } : value))
  }
  const values =
    typeof schema.additionalProperties === 'object' ? shaped(schema.additionalProperties) : hostileValue
  const keys = schema.propertyNames
    ? fc.oneof(shaped(schema.propertyNames).map(keyText), hostileString)
    : hostileString
  return fc.dictionary(keys, values, { maxKeys: 4 })
}

/** A value shaped like `schema`; one time in six, anything hostile instead. */
function shaped(schema: JsonSchema): fc.Arbitrary<unknown> {
  let fitting: fc.Arbitrary<unknown>
  if (schema.const !== undefined) fitting = fc.constant(schema.const)
  else if (schema.enum) fitting = fc.constantFrom(...schema.enum)
  else if (schema.anyOf ?? schema.oneOf)
    fitting = fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map(shaped))
  else if (schema.allOf?.[0]) fitting = shaped(schema.allOf[0])
  else if (Array.isArray(schema.type)) fitting = fc.oneof(...schema.type.map((type) => ofType(type, schema)))
  else if (schema.type) fitting = ofType(schema.type, schema)
  else if (schema.properties) fitting = objectOf(schema)
  else return hostileValue
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: hostileValue })
}

/** Inputs for one call: shaped like its input schema (or junk params for a call without input). */
export function inputsFor(call: CallDef): fc.Arbitrary<Record<string, unknown>> {
  if (!call.input) return fc.dictionary(hostileString, hostileValue, { maxKeys: 3 })
  const schema = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  const top = schema.oneOf ?? schema.anyOf ?? [schema]
  return fc.oneof(...top.map(objectOf))
}

/** What a browser does with a lone surrogate in a URL (it cannot be percent-encoded): U+FFFD. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\p{Cs}/gu, '\ufffd') as T
  if (Array.isArray(value)) return value.map(wellFormedDeep) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [wellFormedDeep(k), wellFormedDeep(v)]),
    ) as T
  return value
}
