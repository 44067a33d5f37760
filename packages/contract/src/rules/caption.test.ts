import { describe, expect, it } from 'vitest'
import { type CaptionPart, mentionedUserNames, parseCaption } from './caption.ts'

const joined = (parts: CaptionPart[]) => parts.map((part) => part.text).join('')

describe('parseCaption', () => {
  it('finds mentions and hashtags in order and gives the caption back when joined', () => {
    const caption = 'New set with @mia_rose! #beach #summer2026 more soon'
    const parts = parseCaption(caption)
    expect(parts).toEqual([
      { kind: 'text', text: 'New set with ' },
      { kind: 'mention', text: '@mia_rose', userName: 'mia_rose' },
      { kind: 'text', text: '! ' },
      { kind: 'hashtag', text: '#beach', tag: 'beach' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#summer2026', tag: 'summer2026' },
      { kind: 'text', text: ' more soon' },
    ])
    expect(joined(parts)).toBe(caption)
  })

  it('leaves a sentence-ending period out of the mention', () => {
    const parts = parseCaption('Shot by @lens.master.')
    expect(parts[1]).toEqual({ kind: 'mention', text: '@lens.master', userName: 'lens.master' })
    expect(parts[2]).toEqual({ kind: 'text', text: '.' })
    expect(joined(parts)).toBe('Shot by @lens.master.')
  })

  it('ignores e-mail addresses, too short names and tags without letters', () => {
    for (const caption of ['write to fan@example.com', 'hi @bob', 'we are #1', 'a#b', 'x&#39;s']) {
      expect(parseCaption(caption)).toEqual([{ kind: 'text', text: caption }])
    }
  })

  it('accepts hashtags in any script and mentions at the start', () => {
    expect(parseCaption('@creator_one #été')).toEqual([
      { kind: 'mention', text: '@creator_one', userName: 'creator_one' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#été', tag: 'été' },
    ])
  })

  it('gives nothing for an empty caption', () => {
    expect(parseCaption('')).toEqual([])
  })
})

describe('mentionedUserNames', () => {
  it('lists each mentioned user name once, lower-cased, and never an e-mail address', () => {
    expect(mentionedUserNames('Thanks @Mia_Rose and @leo.kane. Write to me@example.com, @mia_rose!')).toEqual(
      ['mia_rose', 'leo.kane'],
    )
    expect(mentionedUserNames('no mentions here')).toEqual([])
  })
})
