import { ChatTexts } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PeerFanMarks } from './ChatRoomHeader.tsx'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('the fan in a creator’s chat header', () => {
  it('shows the Member badge and the fan’s spend', () => {
    const html = renderToStaticMarkup(<PeerFanMarks fan={{ is_member: true, spent_cents: 2497 }} />)
    expect(text(html)).toBe(`${ChatTexts.memberBadge} Spent US$24.97`)
  })

  it('shows only the spend of a fan who is not a member', () => {
    const html = renderToStaticMarkup(<PeerFanMarks fan={{ is_member: false, spent_cents: 0 }} />)
    expect(text(html)).toBe('Spent US$0.00')
  })

  it('shows nothing to a fan (the server sends no peer_fan)', () => {
    expect(renderToStaticMarkup(<PeerFanMarks fan={null} />)).toBe('')
  })
})
