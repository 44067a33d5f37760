import { Profile } from '../constants.ts'

/** A run of a caption: plain text, an @mention of a user name, or a #hashtag. */
export type CaptionPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; userName: string }
  | { kind: 'hashtag'; text: string; tag: string }

/**
 * `@name` after the start or a character that cannot be part of a user name (so e-mail addresses are not
 * mentions), `#tag` after the start or a non-word character (so `a#b` and `&#39;` are not tags).
 */
const TOKEN = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.]+)|(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_]+)/gu
const HAS_LETTER = /\p{L}/u

/** A mention's user name: a trailing period ends the sentence (user names never end with one). */
function mentionName(raw: string): string | null {
  const name = raw.replace(/\.+$/, '')
  if (name.length < Profile.usernameMin || name.length > Profile.usernameMax) return null
  return name
}

/**
 * Splits a caption into text, mentions and hashtags, in order; the parts joined give the caption back.
 * Shared by the post card and the composer's highlighter, so both mark exactly the same words.
 */
export function parseCaption(caption: string): CaptionPart[] {
  const parts: CaptionPart[] = []
  let plainFrom = 0
  const pushText = (end: number) => {
    if (end > plainFrom) parts.push({ kind: 'text', text: caption.slice(plainFrom, end) })
  }
  for (const match of caption.matchAll(TOKEN)) {
    const start = match.index
    const [, mention, tag] = match
    if (mention !== undefined) {
      const userName = mentionName(mention)
      if (userName === null) continue
      pushText(start)
      parts.push({ kind: 'mention', text: `@${userName}`, userName })
      plainFrom = start + 1 + userName.length
    } else if (tag !== undefined && HAS_LETTER.test(tag)) {
      pushText(start)
      parts.push({ kind: 'hashtag', text: `#${tag}`, tag })
      plainFrom = start + match[0].length
    }
  }
  pushText(caption.length)
  return parts
}

/** The distinct user names @mentioned in a caption or comment (lower-cased, in order of first mention). */
export function mentionedUserNames(text: string): string[] {
  const names: string[] = []
  for (const part of parseCaption(text)) {
    if (part.kind !== 'mention') continue
    const name = part.userName.toLowerCase()
    if (!names.includes(name)) names.push(name)
  }
  return names
}
