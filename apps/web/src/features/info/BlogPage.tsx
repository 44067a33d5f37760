import { Newspaper } from 'lucide-react'
import { Link } from 'react-router'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'

const sections: InfoSection[] = [
  {
    id: 'no-posts-yet',
    title: 'No posts yet',
    content: (
      <div className="v-info__empty">
        <span className="v-info__empty-icon" aria-hidden="true">
          <Newspaper />
        </span>
        <p className="v-info__empty-text">
          We have not published anything here yet, and we would rather leave this page empty than fill it with
          filler. When there is something worth reading, it will be here.
        </p>
      </div>
    ),
  },
  {
    id: 'what-we-will-write',
    title: 'What we will write about',
    content: (
      <ul>
        <li>
          <strong>Product changes</strong>, explained: what changed, why, and what you need to do, if
          anything.
        </li>
        <li>
          <strong>Guides for creators</strong> on pricing, memberships and keeping your identity safe.
        </li>
        <li>
          <strong>Policy updates</strong> in plain words, alongside the formal text.
        </li>
        <li>
          <strong>How moderation works</strong>, with numbers on reports and takedowns once we have a
          meaningful amount to share.
        </li>
      </ul>
    ),
  },
  {
    id: 'until-then',
    title: 'Until then',
    content: (
      <>
        <p>
          There is no newsletter to sign up for. Changes that affect your account, your money or your rights
          are announced in the app, and by e-mail when our terms require it. Each policy page shows the date
          it was last updated.
        </p>
        <p>
          To learn about Velvet now, start with <Link to={InfoPath.about}>About Velvet</Link>, or browse
          answers at the <Link to={InfoPath.concierge}>Concierge Desk</Link>.
        </p>
      </>
    ),
  },
]

/** /blog: Velvet's own blog, honestly empty until there is something to publish. */
export function BlogPage() {
  return (
    <InfoPage
      eyebrow="Blog"
      title="Velvet Blog"
      description="News, guides and policy updates from the Velvet team. No posts yet."
      lead={<p>News, creator guides and policy updates from the team behind Velvet.</p>}
      sections={sections}
      related={[InfoLinks.about, InfoLinks.concierge, InfoLinks.branding, InfoLinks.contact]}
    />
  )
}
