import { describe, expect, it } from 'vitest'
import { textMessage } from './test-factories.ts'
import { type Pending, unsent, withRestored } from './use-chat-send.ts'

const pending = (clientId: string, fields: Partial<Pending> = {}): Pending => ({
  clientId,
  text: `text ${clientId}`,
  failed: false,
  timetoken: 1_000,
  media: [],
  price: null,
  ...fields,
})

describe('withRestored', () => {
  it('puts the saved failed messages first, as failed, each once', () => {
    const sending = pending('c-2')
    const restored = withRestored(
      [sending],
      [
        {
          id: 'c-1',
          userId: 1,
          conversation_id: '7',
          timetoken: 500,
          text: 'older',
          media: [41],
          price: 300,
        },
        { id: 'c-2', userId: 1, conversation_id: '7', timetoken: 1_000, text: 'text c-2' },
      ],
    )
    expect(restored).toEqual([
      { clientId: 'c-1', text: 'older', failed: true, timetoken: 500, media: [41], price: 300 },
      sending,
    ])
  })

  it('reads rows saved before media and prices as text only', () => {
    const [restored] = withRestored(
      [],
      [{ id: 'c-1', userId: 1, conversation_id: '7', timetoken: 5, text: 'hi' }],
    )
    expect(restored).toMatchObject({ media: [], price: null, failed: true })
  })
})

describe('unsent', () => {
  it('leaves out a pending message the server already stored (its client id came back)', () => {
    const list = [textMessage(1, 9, 'hi', { client_msg_id: 'c-1' }), textMessage(2, 3)]
    expect(unsent([pending('c-1'), pending('c-2', { failed: true })], list).map((p) => p.clientId)).toEqual([
      'c-2',
    ])
  })
})
