import type { Conversation } from '@velvet/contract'
import { describe, expect, it, vi } from 'vitest'
import {
  chronological,
  coinsIn,
  draftOf,
  messageTime,
  ppvPriceOf,
  previewOf,
  seenMessageId,
  storedFilter,
  storeFilter,
} from './chat-rules.ts'
import { aConversation, textMessage } from './test-factories.ts'

describe('chronological', () => {
  it('turns newest-first pages into one oldest-first list, each message once', () => {
    const pages = [
      { list: [textMessage(5, 1), textMessage(4, 2)], cursor: '4', has_next: true },
      { list: [textMessage(4, 2), textMessage(3, 1)], cursor: null, has_next: false },
    ]
    expect(chronological({ pages, pageParams: [undefined, '4'] }).map((m) => m.message_id)).toEqual([3, 4, 5])
    expect(chronological(undefined)).toEqual([])
  })
})

describe('seenMessageId', () => {
  it("is my last message at or before the other side's read point", () => {
    const list = [textMessage(1, 9), textMessage(2, 3), textMessage(3, 9), textMessage(4, 9)]
    expect(seenMessageId(list, 9, 3)).toBe(3)
    expect(seenMessageId(list, 9, 10)).toBe(4)
    expect(seenMessageId(list, 9, 0)).toBeNull()
    expect(seenMessageId(list, 3, 10)).toBe(2)
  })
})

describe('previewOf', () => {
  const conversation = (last: Conversation['last_message']) => aConversation({ last_message: last })
  it('prefixes my own last message and names media', () => {
    const last = { message_id: 1, sender: { id: 1 }, msg_type: 1, text: 'hi', timetoken: 0 }
    expect(previewOf(conversation(last), 1)).toBe('You: hi')
    expect(previewOf(conversation({ ...last, sender: { id: 2 } }), 1)).toBe('hi')
    expect(previewOf(conversation({ ...last, sender: { id: 2 }, msg_type: 2, text: '' }), 1)).toBe('Photo')
    expect(previewOf(conversation({ ...last, msg_type: 4, text: '' }), 1)).toBe('You: Locked message')
    expect(previewOf(conversation({ ...last, sender: { id: 2 }, msg_type: 6, text: '' }), 1)).toBe('Tip')
    expect(previewOf(conversation({ ...last, sender: { id: 2 }, msg_type: 5, text: '' }), 1)).toBe('Gift')
    expect(previewOf(conversation(null), 1)).toBe('')
  })
})

describe('messageTime', () => {
  const now = Date.UTC(2026, 10, 24, 15, 0) / 1000
  it('shows the time today, the weekday this week, else the date', () => {
    expect(messageTime(now - 3600, now, 'UTC')).toBe('2:00 PM')
    expect(messageTime(now - 2 * 86_400, now, 'UTC')).toBe('Sun')
    expect(messageTime(now - 30 * 86_400, now, 'UTC')).toBe('Oct 25')
  })
})

describe('the filter tab', () => {
  it('is kept in session storage and defaults to all', () => {
    // Tests run without a browser: a Storage made of a Map stands in for sessionStorage.
    const items = new Map<string, string>()
    const sessionStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    }
    vi.stubGlobal('sessionStorage', sessionStorage)
    expect(storedFilter()).toBe('all')
    storeFilter('spenders')
    expect(storedFilter()).toBe('spenders')
    sessionStorage.setItem('velvet.message_filter', '"bogus"')
    expect(storedFilter()).toBe('all')
    vi.unstubAllGlobals()
  })
})

describe('coinsIn and ppvPriceOf', () => {
  it('reads whole coins in range and nothing else', () => {
    expect(coinsIn('25', 1, 100)).toBe(25)
    expect(coinsIn(' 7 ', 1, 100)).toBe(7)
    expect(coinsIn('0', 1, 100)).toBeNull()
    expect(coinsIn('101', 1, 100)).toBeNull()
    expect(coinsIn('2.5', 1, 100)).toBeNull()
    expect(coinsIn('', 1, 100)).toBeNull()
    expect(ppvPriceOf('10000')).toBe(10000)
    expect(ppvPriceOf('10001')).toBeNull()
  })
})

describe('draftOf (what the composer may send)', () => {
  const draft = (fields: Partial<Parameters<typeof draftOf>[0]>) =>
    draftOf({ text: '', ready: [], ppv: false, price: '', ...fields })

  it('needs text or media, and sends the text trimmed', () => {
    expect(draft({})).toBeNull()
    expect(draft({ text: '  \n ' })).toBeNull()
    expect(draft({ text: ' hi \n' })).toEqual({ text: 'hi', media: [], price: null })
    expect(draft({ ready: [41, 42] })).toEqual({ text: '', media: [41, 42], price: null })
  })

  it('waits until every attachment is uploaded', () => {
    expect(draft({ text: 'hi', ready: null })).toBeNull()
  })

  it('sends pay-per-view only with media and a valid price', () => {
    expect(draft({ text: 'hi', ppv: true, price: '300' })).toBeNull()
    expect(draft({ ready: [41], ppv: true, price: '' })).toBeNull()
    expect(draft({ ready: [41], ppv: true, price: '0' })).toBeNull()
    expect(draft({ ready: [41], ppv: true, price: '2.5' })).toBeNull()
    expect(draft({ ready: [41], ppv: true, price: '10001' })).toBeNull()
    expect(draft({ text: 'new set', ready: [41], ppv: true, price: '300' })).toEqual({
      text: 'new set',
      media: [41],
      price: 300,
    })
  })

  it('has no price when pay-per-view is off, whatever was typed', () => {
    expect(draft({ ready: [41], ppv: false, price: '300' })).toEqual({ text: '', media: [41], price: null })
  })
})
