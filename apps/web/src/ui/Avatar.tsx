import { User } from 'lucide-react'
import { useState } from 'react'
import './Avatar.css'

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl'

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.trim().slice(0, 2)
  return letters.toUpperCase() || '?'
}

/** A round portrait, falling back to initials on a brand gradient when there is no picture (or it fails). */
export function Avatar({
  src,
  name,
  size = 'md',
  decorative = false,
  anonymous = false,
}: {
  src?: string | null | undefined
  name: string
  size?: AvatarSize
  /** When the name is printed next to it, the portrait needs no text alternative. */
  decorative?: boolean
  /** A guest without a profile: a person glyph instead of initials. */
  anonymous?: boolean
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const className = `v-avatar v-avatar--${size}`
  if (src && failed !== src) {
    return (
      <span className={className}>
        <img src={src} alt={decorative ? '' : name} onError={() => setFailed(src)} />
      </span>
    )
  }
  const initials = anonymous ? (
    <User className="v-avatar__glyph" aria-hidden="true" />
  ) : (
    <span className="v-avatar__initials">{initialsOf(name)}</span>
  )
  if (decorative) {
    return (
      <span className={className} aria-hidden="true">
        {initials}
      </span>
    )
  }
  return (
    <span className={className} role="img" aria-label={name}>
      {initials}
    </span>
  )
}
