import { describe, expect, it } from 'vitest'
import { unsubscribeParamsOf } from './unsubscribe-link.ts'

const sig = 'AbCdEf0123456789_-xyz'

describe('unsubscribe link parameters', () => {
  it('reads a well-formed link', () => {
    expect(unsubscribeParamsOf(`?u=10000001&c=new_posts&sig=${sig}`)).toEqual({
      u: 10000001,
      c: 'new_posts',
      sig,
    })
  })

  it('refuses missing, unknown or malformed parameters', () => {
    expect(unsubscribeParamsOf('')).toBeNull()
    expect(unsubscribeParamsOf(`?u=10000001&c=new_posts`)).toBeNull()
    expect(unsubscribeParamsOf(`?u=abc&c=new_posts&sig=${sig}`)).toBeNull()
    expect(unsubscribeParamsOf(`?u=10000001&c=spam&sig=${sig}`)).toBeNull()
    expect(unsubscribeParamsOf('?u=10000001&c=new_posts&sig=short')).toBeNull()
    expect(unsubscribeParamsOf(`?u=10000001&c=new_posts&sig=${sig}!`)).toBeNull()
  })
})
