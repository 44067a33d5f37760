import type { RouteObject } from 'react-router'
import { blockedLocationsRoute } from '../safety/index.ts'
import { InfoPath } from './pages.ts'

const about = () => import('./AboutPage.tsx').then((m) => ({ Component: m.AboutPage }))
const terms = () => import('./TermsPage.tsx').then((m) => ({ Component: m.TermsPage }))
const safety = () => import('./SafetyCentrePage.tsx').then((m) => ({ Component: m.SafetyCentrePage }))

/** The info pages (about, terms, privacy, ...): one lazily loaded chunk each. */
export const infoRoutes: RouteObject[] = [
  { path: InfoPath.about, lazy: about },
  { path: InfoPath.terms, lazy: terms },
  { path: InfoPath.termsOfService, lazy: terms },
  {
    path: InfoPath.privacy,
    lazy: () => import('./PrivacyPage.tsx').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: InfoPath.complaints,
    lazy: () => import('./ComplaintProcessPage.tsx').then((m) => ({ Component: m.ComplaintProcessPage })),
  },
  {
    path: InfoPath.moderation,
    lazy: () => import('./ContentModerationPage.tsx').then((m) => ({ Component: m.ContentModerationPage })),
  },
  {
    path: InfoPath.retention,
    lazy: () => import('./DataRetentionPage.tsx').then((m) => ({ Component: m.DataRetentionPage })),
  },
  {
    path: InfoPath.contact,
    lazy: () => import('./ContactPage.tsx').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: InfoPath.transfer,
    lazy: () => import('./TransferPage.tsx').then((m) => ({ Component: m.TransferPage })),
  },
  {
    path: InfoPath.branding,
    lazy: () => import('./BrandingPage.tsx').then((m) => ({ Component: m.BrandingPage })),
  },
  { path: InfoPath.blog, lazy: () => import('./BlogPage.tsx').then((m) => ({ Component: m.BlogPage })) },
  {
    path: InfoPath.concierge,
    lazy: () => import('./ConciergePage.tsx').then((m) => ({ Component: m.ConciergePage })),
  },
  { path: InfoPath.safety, lazy: safety },
  { path: InfoPath.safety1, lazy: safety },
  { path: InfoPath.blockedLocations, lazy: blockedLocationsRoute },
  { path: InfoPath.blockedLocations1, lazy: blockedLocationsRoute },
]
