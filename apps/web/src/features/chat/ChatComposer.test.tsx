import { ChatTexts, type Conversation, formatCoins } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ChatComposer } from './ChatComposer.tsx'
import { aConversation } from './test-factories.ts'

/** The composer's first render for a fan (or a creator) in `conversation`. */
function html(conversation: Conversation, viewerIsCreator = false) {
  return renderToStaticMarkup(
    <ChatComposer
      viewerId={1}
      viewerIsCreator={viewerIsCreator}
      conversation={conversation}
      name="Ava"
      canTip={!viewerIsCreator}
      onTip={() => undefined}
      onGift={() => undefined}
      onSend={() => undefined}
    />,
  )
}

describe('the chat composer', () => {
  it('says what the next message costs, on the send button too', () => {
    const paid = html(aConversation({ send_price: 25 }))
    expect(paid).toContain(ChatTexts.costsCoins(25))
    expect(paid).toContain(`aria-label="Send for ${formatCoins(25)}"`)
  })

  it('counts the free messages left, and says nothing when messages are free', () => {
    expect(html(aConversation({ free_left: 2 }))).toContain(ChatTexts.freeLeft(2))
    const free = html(aConversation())
    expect(free).not.toContain('v-composer__notice')
    expect(free).toContain('aria-label="Send"')
  })

  it('cannot send while empty', () => {
    expect(html(aConversation())).toMatch(/<button type="submit"[^>]*disabled=""/)
  })

  it('gives a fan the tip and gift buttons, a creator the photos and videos', () => {
    const fan = html(aConversation())
    expect(fan).toContain('aria-label="Tip Ava"')
    expect(fan).toContain('aria-label="Send Ava a gift"')
    expect(fan).not.toContain('chat-media-input')
    const creator = html(aConversation(), true)
    expect(creator).toContain('aria-label="Add photos or videos"')
    expect(creator).toContain('data-testid="chat-media-input"')
    expect(creator).not.toContain('Tip Ava')
  })
})
