import { Info, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Mailbox, type MailboxName } from './facts.ts'

/** A mailto link to one of the mailboxes named on the info pages. */
export function Mail({ box }: { box: MailboxName }) {
  const address = Mailbox[box]
  return <a href={`mailto:${address}`}>{address}</a>
}

/** A highlighted note inside the text: `info` for context, `notice` for something the reader must know. */
export function Callout({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'notice'
  title: string
  children: ReactNode
}) {
  const Icon = tone === 'notice' ? TriangleAlert : Info
  return (
    <div className={`v-info__callout v-info__callout--${tone}`} role="note">
      <Icon className="v-info__callout-icon" aria-hidden="true" />
      <div className="v-info__callout-body">
        <p className="v-info__callout-title">{title}</p>
        {children}
      </div>
    </div>
  )
}

/** Key numbers at a glance, as a definition list. */
export function Facts({ items }: { items: readonly { term: string; detail: ReactNode }[] }) {
  return (
    <dl className="v-info__facts">
      {items.map((item) => (
        <div key={item.term} className="v-info__fact">
          <dt>{item.term}</dt>
          <dd>{item.detail}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Numbered steps (a process the reader follows). */
export function Steps({ items }: { items: readonly { title: string; detail: ReactNode }[] }) {
  return (
    <ol className="v-info__steps">
      {items.map((item) => (
        <li key={item.title} className="v-info__step">
          <p className="v-info__step-title">{item.title}</p>
          <div className="v-info__step-detail">{item.detail}</div>
        </li>
      ))}
    </ol>
  )
}
