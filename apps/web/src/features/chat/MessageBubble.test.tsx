import { Authorship, type ChatMessage, ChatTexts } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MessageBubble } from './MessageBubble.tsx'
import { textMessage } from './test-factories.ts'

const CREATOR = 7

/** A creator's text message as the server presents it to `viewerId` (authorship only to the sender). */
function creatorMessage(authorship: Authorship, viewerId: number): ChatMessage {
  return textMessage(1, CREATOR, 'New photos tonight', {
    authorship: viewerId === CREATOR ? authorship : null,
  })
}

/** The bubble's text as `viewerId` sees it. */
function bubbleText(message: ChatMessage, viewerId: number): string {
  const html = renderToStaticMarkup(
    <MessageBubble
      message={message}
      mine={message.sender.id === viewerId}
      seen={false}
      onUnlock={() => undefined}
      onExpired={() => undefined}
    />,
  )
  return html.replace(/<[^>]+>/g, '\n')
}

describe('who wrote a creator’s message', () => {
  it('says a chatter or the agent wrote it, under the creator’s own message', () => {
    const byChatter = bubbleText(creatorMessage(Authorship.Chatter, CREATOR), CREATOR)
    expect(byChatter).toContain(ChatTexts.byChatter)
    expect(byChatter).not.toContain(ChatTexts.byAgent)
    const byAgent = bubbleText(creatorMessage(Authorship.Agent, CREATOR), CREATOR)
    expect(byAgent).toContain(ChatTexts.byAgent)
    expect(byAgent).not.toContain(ChatTexts.byChatter)
  })

  it('says nothing when the creator wrote it', () => {
    const text = bubbleText(creatorMessage(Authorship.Creator, CREATOR), CREATOR)
    expect(text).toContain('New photos tonight')
    expect(text).not.toContain(ChatTexts.byChatter)
    expect(text).not.toContain(ChatTexts.byAgent)
  })

  it('never says it to the fan, even if authorship came with the message', () => {
    const fan = 11
    for (const authorship of [Authorship.Chatter, Authorship.Agent]) {
      for (const message of [
        creatorMessage(authorship, fan),
        // A server that let authorship through: the fan's side still does not show it.
        creatorMessage(authorship, CREATOR),
      ]) {
        const text = bubbleText(message, fan)
        expect(text).toContain('New photos tonight')
        expect(text).not.toContain(ChatTexts.byChatter)
        expect(text).not.toContain(ChatTexts.byAgent)
      }
    }
  })
})

describe('whether a PPV message was bought', () => {
  const ppv = (bought: boolean | null) => textMessage(2, CREATOR, 'Tonight’s set', { price: 30, bought })

  it('tells the creator under their own PPV message', () => {
    expect(bubbleText(ppv(true), CREATOR)).toContain(ChatTexts.ppvBought)
    expect(bubbleText(ppv(true), CREATOR)).not.toContain(ChatTexts.ppvNotBought)
    expect(bubbleText(ppv(false), CREATOR)).toContain(ChatTexts.ppvNotBought)
  })

  it('says nothing to the fan, nor under a message that is not for sale', () => {
    expect(bubbleText(ppv(null), 11)).not.toMatch(/Bought|Not bought yet/)
    // A server that let it through: the fan's side still does not show it.
    expect(bubbleText(ppv(true), 11)).not.toContain(ChatTexts.ppvBought)
    expect(bubbleText(textMessage(3, CREATOR, 'hi'), CREATOR)).not.toMatch(/Bought|Not bought yet/)
  })
})
