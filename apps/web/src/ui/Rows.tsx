import { ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import './screen-kit.css'

/** A titled group of rows on one card. */
export function RowGroup({
  title,
  children,
  footer,
}: {
  title?: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <section className="v-set-group" aria-label={title}>
      {title ? <h2 className="v-set-group__title">{title}</h2> : null}
      <div className="v-set-card">{children}</div>
      {footer ? <p className="v-set-group__footer">{footer}</p> : null}
    </section>
  )
}

function RowBody({ icon, title, hint, end }: RowContent) {
  return (
    <>
      {icon ? (
        <span className="v-set-row__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="v-set-row__text">
        <span className="v-set-row__title">{title}</span>
        {hint ? <span className="v-set-row__hint">{hint}</span> : null}
      </span>
      {end ? <span className="v-set-row__end">{end}</span> : null}
    </>
  )
}

interface RowContent {
  icon?: ReactNode
  title: string
  hint?: ReactNode
  end?: ReactNode
}

/** A row that opens another screen. */
export function RowLink({ to, ...content }: RowContent & { to: string }) {
  return (
    <Link to={to} className="v-set-row v-set-row--link">
      <RowBody {...content} end={content.end ?? <ChevronRight className="v-set-row__chevron" />} />
    </Link>
  )
}

/** A row that does something here (log out, open a sheet). */
export function RowButton({
  onClick,
  tone,
  ...content
}: RowContent & { onClick: () => void; tone?: 'danger' }) {
  return (
    <button
      type="button"
      className={`v-set-row v-set-row--link${tone === 'danger' ? ' v-set-row--danger' : ''}`}
      onClick={onClick}
    >
      <RowBody {...content} />
    </button>
  )
}

/** A row that only shows something (an e-mail address, a feature that is not available yet). */
export function RowInfo(content: RowContent & { muted?: boolean }) {
  return (
    <div className={`v-set-row${content.muted ? ' v-set-row--muted' : ''}`}>
      <RowBody {...content} />
    </div>
  )
}

/** A small label at the end of a row ("Not available yet", "This device", "Linked"). */
export function Tag({
  children,
  tone = 'neutral',
}: {
  children: ReactNode
  tone?: 'neutral' | 'accent' | 'success'
}) {
  return <span className={`v-set-tag v-set-tag--${tone}`}>{children}</span>
}
