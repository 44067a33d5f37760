/** The info pages: where each lives and how other pages refer to it. */
export const InfoPath = {
  about: '/about',
  terms: '/terms',
  termsOfService: '/terms-of-service',
  privacy: '/privacy',
  complaints: '/complaint-process',
  moderation: '/content-moderation',
  retention: '/data-retention-policy',
  contact: '/contact-us',
  transfer: '/transfer',
  branding: '/branding',
  blog: '/blog',
  concierge: '/concierge',
  safety: '/privacy/safety',
  safety1: '/privacy/safety1',
  blockedLocations: '/privacy/safety/blocked_location',
  blockedLocations1: '/privacy/safety1/blocked_location',
} as const

export type InfoPathValue = (typeof InfoPath)[keyof typeof InfoPath]

export interface InfoLink {
  to: InfoPathValue
  title: string
  summary: string
}

/** Cards for the "Related pages" list at the end of each page. */
export const InfoLinks = {
  about: { to: InfoPath.about, title: 'About Velvet', summary: 'What Velvet is and how it works.' },
  terms: { to: InfoPath.terms, title: 'Terms of Service', summary: 'The agreement between you and Velvet.' },
  privacy: {
    to: InfoPath.privacy,
    title: 'Privacy Policy',
    summary: 'What we collect, why, and your choices.',
  },
  complaints: {
    to: InfoPath.complaints,
    title: 'Complaint & Appeal Process',
    summary: 'How to complain or appeal a decision.',
  },
  moderation: {
    to: InfoPath.moderation,
    title: 'Content Moderation Policy',
    summary: 'How content is reviewed, reported and removed.',
  },
  retention: {
    to: InfoPath.retention,
    title: 'Data Retention Policy',
    summary: 'How long each kind of data is kept.',
  },
  contact: { to: InfoPath.contact, title: 'Contact Us', summary: 'Reach the right team quickly.' },
  concierge: {
    to: InfoPath.concierge,
    title: 'Concierge Desk',
    summary: 'Answers to common questions, and the desk itself.',
  },
  safety: {
    to: InfoPath.safety,
    title: 'Safety & Privacy Centre',
    summary: 'Tools and habits that keep creators safe.',
  },
  transfer: {
    to: InfoPath.transfer,
    title: 'Moving to Velvet',
    summary: 'Bringing your content from another platform.',
  },
  branding: { to: InfoPath.branding, title: 'Brand guidelines', summary: 'Using the Velvet name and logo.' },
  blog: { to: InfoPath.blog, title: 'Velvet Blog', summary: 'News from the team, when there is some.' },
} as const satisfies Record<string, InfoLink>
