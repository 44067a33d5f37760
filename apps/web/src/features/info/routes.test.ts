import { describe, expect, it } from 'vitest'
import { InfoLinks } from './pages.ts'
import { infoRoutes } from './routes.ts'

/** spec §2 "Static and info", plus /terms-of-service (the age-gate exemptions name it). */
const SPEC_INFO_PATHS = [
  '/about',
  '/blog',
  '/branding',
  '/complaint-process',
  '/concierge',
  '/contact-us',
  '/content-moderation',
  '/data-retention-policy',
  '/privacy',
  '/terms',
  '/terms-of-service',
  '/transfer',
  '/privacy/safety',
  '/privacy/safety1',
  '/privacy/safety/blocked_location',
  '/privacy/safety1/blocked_location',
]

describe('info routes', () => {
  const paths = infoRoutes.map((route) => route.path)

  it('has exactly one lazily loaded route per info page of spec §2', () => {
    expect([...paths].sort()).toEqual([...SPEC_INFO_PATHS].sort())
    for (const route of infoRoutes) expect(typeof route.lazy, route.path).toBe('function')
  })

  it('links related pages only to routes that exist', () => {
    for (const link of Object.values(InfoLinks)) expect(paths, link.to).toContain(link.to)
  })
})
