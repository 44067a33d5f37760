import { describe, expect, it } from 'vitest'
import { applyPatch, revertPatch, settleAnswer } from './optimistic-flags.ts'

type Key = 'a' | 'b' | 'c'
const base = { a: true, b: false, c: true } satisfies Record<Key, boolean>

describe('optimistic switches', () => {
  it('applies only the keys of the patch', () => {
    expect(applyPatch<Key>(base, { b: true })).toEqual({ a: true, b: true, c: true })
    expect(applyPatch<Key>(base, {})).toEqual(base)
  })

  it('does not change the object it was given', () => {
    const copy = { ...base }
    applyPatch<Key>(copy, { a: false })
    expect(copy).toEqual(base)
  })

  it('rolls back the failed keys and keeps other changes made meanwhile', () => {
    const afterBoth = applyPatch<Key>(applyPatch<Key>(base, { a: false }), { b: true })
    expect(revertPatch<Key>(afterBoth, { a: false }, base)).toEqual({ a: true, b: true, c: true })
  })

  it('takes the server answer but keeps keys another request is still changing', () => {
    const shown = { a: false, b: true, c: true }
    const answer = { a: false, b: false, c: true }
    expect(settleAnswer<Key>(shown, answer, new Set<Key>(['b']))).toEqual(shown)
    expect(settleAnswer<Key>(shown, answer, new Set<Key>())).toEqual(answer)
  })
})
