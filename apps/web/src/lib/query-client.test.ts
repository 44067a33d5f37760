import { onlineManager, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { queryClient, replaceQueryData } from './query-client.ts'

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

describe('an action taken offline', () => {
  it('runs at once (and fails with its network error) instead of waiting to be sent later', async () => {
    onlineManager.setOnline(false)
    try {
      let sent = 0
      const follow = queryClient.getMutationCache().build(queryClient, {
        mutationFn: async () => {
          sent += 1
          throw new Error('No network, please try later.')
        },
      })
      await expect(follow.execute(undefined)).rejects.toThrow('No network, please try later.')
      expect(sent).toBe(1)
      expect(follow.state.isPaused).toBe(false)
    } finally {
      onlineManager.setOnline(true)
    }
  })
})
