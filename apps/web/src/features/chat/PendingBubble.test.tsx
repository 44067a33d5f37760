import { ChatTexts, formatCoins } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PendingBubble } from './PendingBubble.tsx'
import type { Pending } from './use-chat-send.ts'

const item = (fields: Partial<Pending> = {}): Pending => ({
  clientId: 'c-1',
  text: 'See you tonight',
  failed: false,
  timetoken: 1_000,
  media: [],
  price: null,
  ...fields,
})

const html = (pending: Pending) =>
  renderToStaticMarkup(<PendingBubble item={pending} onRetry={() => undefined} onDiscard={() => undefined} />)

describe('a pending message', () => {
  it('says it is sending, with no retry', () => {
    const markup = html(item())
    expect(markup).toContain('See you tonight')
    expect(markup).toContain('Sending…')
    expect(markup).not.toContain(ChatTexts.sendFailed)
  })

  it('offers Retry and Delete once it failed, naming the message', () => {
    const markup = html(item({ failed: true }))
    expect(markup).not.toContain('Sending…')
    expect(markup).toContain(ChatTexts.sendFailed)
    expect(markup).toContain('aria-label="Delete the unsent message “See you tonight”"')
  })

  it('counts its photos and videos and shows a pay-per-view price', () => {
    expect(html(item({ media: [41] }))).toContain('1 photo or video')
    const ppv = html(item({ media: [41, 42], price: 300 }))
    expect(ppv).toContain(`2 photos and videos · ${formatCoins(300)}`)
    expect(html(item({ media: [41, 42] }))).not.toContain(' · ')
  })
})
