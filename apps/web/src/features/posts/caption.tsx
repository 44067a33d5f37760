import { type CaptionPart, parseCaption } from '@velvet/contract'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { profilePath } from '../profile/index.ts'
import './caption.css'

function Part({ part, linked }: { part: CaptionPart; linked: boolean }) {
  if (part.kind === 'mention') {
    return linked ? (
      <Link to={profilePath(part.userName)} className="v-caption__mention">
        {part.text}
      </Link>
    ) : (
      <span className="v-caption__mention">{part.text}</span>
    )
  }
  if (part.kind === 'hashtag') return <span className="v-caption__tag">{part.text}</span>
  return part.text
}

/**
 * A caption with its @mentions and #hashtags marked: mentions link to the profile (`linked`, the default),
 * or are only coloured (the composer's highlighter layer, where a link cannot be clicked).
 */
export function CaptionText({ text, linked = true }: { text: string; linked?: boolean }) {
  const parts = useMemo(() => parseCaption(text), [text])
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
    <Part key={index} part={part} linked={linked} />
  ))
}
