import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { replaceQueryData } from './query-client.ts'

describe('replacing a query with a server answer', () => {
  it('keeps the answer when a read started before it lands after it', async () => {
    const client = new QueryClient()
    const key = ['cards', 1]
    let answerRead: (cards: string[]) => void = () => undefined
    // The screen's first read: sent before the card was saved, answered after.
    const read = client
      .fetchQuery({ queryKey: key, queryFn: () => new Promise<string[]>((done) => (answerRead = done)) })
      .catch(() => undefined)

    await replaceQueryData(client, key, ['Visa 3184'])
    answerRead([])
    await read

    expect(client.getQueryData(key)).toEqual(['Visa 3184'])
  })
})
