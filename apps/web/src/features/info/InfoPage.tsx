import { ChevronLeft, List } from 'lucide-react'
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { LAST_UPDATED } from './facts.ts'
import type { InfoLink } from './pages.ts'
import './info.css'

export interface InfoSection {
  /** The anchor: stable, lowercase, hyphenated. */
  id: string
  title: string
  content: ReactNode
}

export interface InfoPageProps {
  /** A short label above the title ("Policies", "Help", ...). */
  eyebrow: string
  title: string
  /** For the document's meta description. */
  description: string
  lead: ReactNode
  sections: readonly InfoSection[]
  related: readonly InfoLink[]
  /** Where "Back" goes when there is no in-app history to return to. */
  backTo?: string
}

/** Pages shorter than this read fine without a table of contents. */
const MIN_TOC_SECTIONS = 4

/**
 * The long-form reading layout every info page shares: back link, title block with the "Last updated" line,
 * a table of contents (collapsible on phones, sticky beside the text from 1024 px), sections whose headings
 * are their own anchor links, and related pages at the end.
 */
export function InfoPage({
  eyebrow,
  title,
  description,
  lead,
  sections,
  related,
  backTo = '/home',
}: InfoPageProps) {
  const active = useActiveSection(sections.map((s) => s.id).join(' '))
  useScrollToHash()
  const showToc = sections.length >= MIN_TOC_SECTIONS

  return (
    <main className="v-info">
      <title>{`${title} · Velvet`}</title>
      <meta name="description" content={description} />
      <div className={`v-info__layout${showToc ? ' v-info__layout--toc' : ''}`}>
        <div className="v-info__top">
          <BackLink fallback={backTo} />
        </div>

        {showToc ? (
          <nav className="v-info__toc v-info__toc--aside" aria-label="On this page">
            <p className="v-info__toc-title">On this page</p>
            <TocList sections={sections} active={active} />
          </nav>
        ) : null}

        <article className="v-info__article" aria-labelledby="info-title">
          <header className="v-info__header">
            <p className="v-info__eyebrow">{eyebrow}</p>
            <h1 id="info-title" className="v-info__title">
              {title}
            </h1>
            <div className="v-info__lead">{lead}</div>
            <p className="v-info__updated">
              Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
            </p>
          </header>

          {showToc ? (
            <nav className="v-info__toc v-info__toc--inline" aria-label="On this page">
              <details className="v-info__toc-details">
                <summary className="v-info__toc-summary">
                  <List aria-hidden="true" />
                  On this page
                  <span className="v-info__toc-count">{sections.length} sections</span>
                </summary>
                <TocList sections={sections} active={null} />
              </details>
            </nav>
          ) : null}

          <div className="v-info__body">
            {sections.map((section) => (
              <section key={section.id} className="v-info__section" data-section={section.id}>
                <h2 id={section.id} className="v-info__h2">
                  <a className="v-info__anchor" href={`#${section.id}`}>
                    {section.title}
                    <span className="v-info__hash" aria-hidden="true">
                      #
                    </span>
                  </a>
                </h2>
                {section.content}
              </section>
            ))}
          </div>

          {related.length > 0 ? (
            <nav className="v-info__related" aria-labelledby="info-related">
              <h2 id="info-related" className="v-info__related-title">
                Related pages
              </h2>
              <ul className="v-info__related-list">
                {related.map((link) => (
                  <li key={link.to}>
                    <Link className="v-info__related-card" to={link.to}>
                      <span className="v-info__related-name">{link.title}</span>
                      <span className="v-info__related-summary">{link.summary}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </article>
      </div>
    </main>
  )
}

function TocList({ sections, active }: { sections: readonly InfoSection[]; active: string | null }) {
  return (
    <ol className="v-info__toc-list">
      {sections.map((section) => (
        <li key={section.id}>
          <a
            className="v-info__toc-link"
            href={`#${section.id}`}
            aria-current={active === section.id ? 'location' : undefined}
          >
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  )
}

/** "Back": returns within the app when there is history, otherwise opens `fallback`. */
function BackLink({ fallback }: { fallback: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  const canGoBack = location.key !== 'default'
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!canGoBack || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    void navigate(-1)
  }
  return (
    <Link to={fallback} className="v-info__back" onClick={onClick}>
      <ChevronLeft aria-hidden="true" />
      Back
    </Link>
  )
}

/** The section being read: the first one reaching into the top 40% of the viewport. */
function useActiveSection(idList: string): string | null {
  const [active, setActive] = useState<string | null>(idList.split(' ')[0] || null)
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    const ids = idList.split(' ')
    const visible = new Set<string>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = entry.target.getAttribute('data-section')
          if (!id) continue
          if (entry.isIntersecting) visible.add(id)
          else visible.delete(id)
        }
        const first = ids.find((id) => visible.has(id))
        if (first) setActive(first)
      },
      { rootMargin: '0px 0px -60% 0px' },
    )
    for (const element of document.querySelectorAll('[data-section]')) observer.observe(element)
    return () => observer.disconnect()
  }, [idList])
  return active
}

/** Lazily loaded pages render after the browser's own fragment scroll: scroll to the anchor once shown. */
function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (hash.length < 2) return
    let id = hash.slice(1)
    try {
      id = decodeURIComponent(id)
    } catch {
      return
    }
    document.getElementById(id)?.scrollIntoView({ block: 'start' })
  }, [hash])
}
