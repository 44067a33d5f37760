import { EXTERNAL_REDIRECT_PATHS, type ExternalRedirectPath } from '@velvet/contract'

/**
 * Site links that are configuration (spec §2): external redirects of the marketing pages and the footer's
 * social links. Set at build time with VITE_* variables; unset, the pages show our own content and the
 * social icons open our own pages.
 */
const env: Record<string, string | undefined> = import.meta.env

const redirectEnv: Record<ExternalRedirectPath, string> = {
  '/blog': 'VITE_BLOG_URL',
  '/podcast': 'VITE_PODCAST_URL',
  '/about': 'VITE_ABOUT_URL',
  '/creators': 'VITE_CREATORS_URL',
  '/press': 'VITE_PRESS_URL',
  '/revenue': 'VITE_REVENUE_URL',
  '/concierge': 'VITE_HELP_CENTRE_URL',
}

function httpsUrl(value: string | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** The configured external target of each redirect path; null = off (our own page). */
export function externalRedirects(source: Record<string, string | undefined> = env) {
  const map = new Map<string, string>()
  for (const path of EXTERNAL_REDIRECT_PATHS) {
    const url = httpsUrl(source[redirectEnv[path]])
    if (url) map.set(path, url)
  }
  return map
}

/** Our own page for the redirect paths that have no page of their own when the switch is off. */
export const OWN_PAGE_FOR: Partial<Record<ExternalRedirectPath, string>> = {
  '/podcast': '/blog',
  '/creators': '/about',
  '/press': '/branding',
  '/revenue': '/about',
}

export interface SocialLink {
  id: 'blog' | 'podcast' | 'press'
  label: string
  href: string
  external: boolean
}

export function socialLinks(source: Record<string, string | undefined> = env): SocialLink[] {
  const link = (id: SocialLink['id'], label: string, key: string, own: string): SocialLink => {
    const url = httpsUrl(source[key])
    return { id, label, href: url ?? own, external: url !== null }
  }
  return [
    link('blog', 'Velvet blog', 'VITE_SOCIAL_BLOG_URL', '/blog'),
    link('podcast', 'Velvet podcast', 'VITE_SOCIAL_PODCAST_URL', '/podcast'),
    link('press', 'Velvet press', 'VITE_SOCIAL_PRESS_URL', '/press'),
  ]
}

export const FOOTER_LINKS = [
  { label: 'Concierge Desk', to: '/concierge' },
  { label: 'Complaint & Appeal Process', to: '/complaint-process' },
  { label: 'Contact Us', to: '/contact-us' },
] as const
