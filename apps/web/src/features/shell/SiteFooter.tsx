import { Newspaper, Podcast, Rss } from 'lucide-react'
import { Link } from 'react-router'
import { FOOTER_LINKS, type SocialLink, socialLinks } from './site-links.ts'

const socialIcons = { blog: Rss, podcast: Podcast, press: Newspaper } as const

function Social({ link }: { link: SocialLink }) {
  const Icon = socialIcons[link.id]
  const icon = <Icon aria-hidden="true" />
  return link.external ? (
    <a className="v-footer__social" href={link.href} aria-label={link.label} target="_blank" rel="noopener">
      {icon}
    </a>
  ) : (
    <Link className="v-footer__social" to={link.href} aria-label={link.label}>
      {icon}
    </Link>
  )
}

/** The footer (spec §2): Concierge Desk, Complaint & Appeal Process, Contact Us and three social icons. */
export function SiteFooter({ className }: { className?: string }) {
  return (
    <footer className={['v-footer', className ?? ''].filter(Boolean).join(' ')}>
      <nav aria-label="Help and policies" className="v-footer__links">
        {FOOTER_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="v-footer__link">
            {link.label}
          </Link>
        ))}
      </nav>
      <div className="v-footer__socials">
        {socialLinks().map((link) => (
          <Social key={link.id} link={link} />
        ))}
      </div>
      <p className="v-footer__legal">© {new Date().getFullYear()} Velvet · 18+ only</p>
    </footer>
  )
}
