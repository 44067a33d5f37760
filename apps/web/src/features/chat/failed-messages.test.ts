import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { failedMessages } from './failed-messages.ts'

const message = (id: string, userId: number, conversation: string, timetoken: number) => ({
  id,
  userId,
  conversation_id: conversation,
  timetoken,
  text: `text ${id}`,
})

describe('failed messages (IndexedDB)', () => {
  it('keeps them per user and conversation, oldest first, until removed; a save again replaces', async () => {
    await failedMessages.save(message('c-2', 1, '10', 2_000))
    await failedMessages.save(message('c-1', 1, '10', 1_000))
    await failedMessages.save(message('c-3', 1, '11', 3_000))
    await failedMessages.save(message('c-4', 2, '10', 4_000))
    expect((await failedMessages.list(1, '10')).map((m) => m.id)).toEqual(['c-1', 'c-2'])
    expect((await failedMessages.list(2, '10')).map((m) => m.id)).toEqual(['c-4'])
    await failedMessages.save({ ...message('c-1', 1, '10', 1_000), text: 'edited' })
    expect((await failedMessages.list(1, '10'))[0]?.text).toBe('edited')
    await failedMessages.remove('c-1')
    expect((await failedMessages.list(1, '10')).map((m) => m.id)).toEqual(['c-2'])
    expect(await failedMessages.list(3, '10')).toEqual([])
  })

  it('keeps a PPV message’s media ids and price for the retry', async () => {
    await failedMessages.save({ ...message('m-1', 5, '20', 1_000), media: [41, 42], price: 300 })
    expect(await failedMessages.list(5, '20')).toEqual([
      expect.objectContaining({ id: 'm-1', media: [41, 42], price: 300 }),
    ])
  })
})
