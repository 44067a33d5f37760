import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { systemKeys } from '../system/index.ts'
import { activeConversation, applyChatMessage } from './chat.realtime.ts'
import { chatKeys } from './chat-keys.ts'

const ME = 9
const event = (over: Partial<Parameters<typeof applyChatMessage>[1]> = {}) => ({
  conversation_id: '7',
  sender: { id: 2 },
  msg_type: 1,
  mute: 0 as const,
  has_spent: false,
  timetoken: 1,
  ...over,
})

function clientWith(init: { TC: number; SC: number }, unread: number) {
  const client = new QueryClient()
  client.setQueryData(systemKeys.init(ME), { ...init, TN: 0 })
  client.setQueryData(chatKeys.conversations('all', undefined), {
    pages: [
      {
        list: [
          { conversation_id: '7', unread },
          { conversation_id: '8', unread: 4 },
        ],
        cursor: null,
        has_next: false,
      },
    ],
    pageParams: [undefined],
  })
  const read = () => ({
    init: client.getQueryData(systemKeys.init(ME)),
    rows: (
      client.getQueryData(chatKeys.conversations('all', undefined)) as {
        pages: { list: { conversation_id: string; unread: number }[] }[]
      }
    ).pages[0]?.list.map((row) => row.unread),
  })
  return { client, read }
}

afterEach(() => activeConversation.set(null))

describe('applyChatMessage', () => {
  it("raises the row, TC and (from a spender) SC for someone else's message in another conversation", () => {
    const { client, read } = clientWith({ TC: 1, SC: 0 }, 1)
    applyChatMessage(client, event({ has_spent: true }), ME)
    expect(read()).toEqual({ init: { TC: 2, SC: 1, TN: 0 }, rows: [2, 4] })
  })

  it('leaves the totals of a muted conversation alone but counts its row', () => {
    const { client, read } = clientWith({ TC: 1, SC: 0 }, 0)
    applyChatMessage(client, event({ mute: 1, has_spent: true }), ME)
    expect(read()).toEqual({ init: { TC: 1, SC: 0, TN: 0 }, rows: [1, 4] })
  })

  it('counts nothing for the open conversation, my own message or a system line', () => {
    const { client, read } = clientWith({ TC: 0, SC: 0 }, 0)
    activeConversation.set('7')
    applyChatMessage(client, event(), ME)
    activeConversation.set(null)
    applyChatMessage(client, event({ sender: { id: ME } }), ME)
    applyChatMessage(client, event({ msg_type: 11 }), ME)
    expect(read()).toEqual({ init: { TC: 0, SC: 0, TN: 0 }, rows: [0, 4] })
  })
})
