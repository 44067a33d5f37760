import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { personPath } from './post-rules.ts'

/** A link to someone's profile, or plain content when they have no user name yet. */
export function AuthorLink({
  author,
  className,
  children,
}: {
  author: { user_name: string | null }
  className: string
  children: ReactNode
}) {
  const to = personPath(author)
  return to ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <span className={className}>{children}</span>
  )
}
