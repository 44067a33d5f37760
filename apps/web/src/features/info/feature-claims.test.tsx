import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AboutPage } from './AboutPage.tsx'
import { ContentModerationPage } from './ContentModerationPage.tsx'
import { NOT_BUILT } from './facts.ts'
import { SafetyCentrePage } from './SafetyCentrePage.tsx'

const page = (element: React.ReactElement, path = '/') =>
  renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>)
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')

describe('what the pages say is built', () => {
  it('the safety centre says how blocking works, never that it is missing', () => {
    const safety = text(page(<SafetyCentrePage />, '/privacy/safety'))
    expect(safety).not.toMatch(/not part of this build|will appear in your settings/)
    expect(safety).toContain('More options')
    expect(safety).toContain('Blocked accounts')
    expect(safety).toContain('the person is not told that you blocked them')
    // Blocking cannot promise what does not exist.
    expect(safety).not.toMatch(/\bcall you\b|live streams/)
  })

  it('the about page says plainly that live streams and calls are not there yet', () => {
    const about = text(page(<AboutPage />, '/about'))
    expect(about).toContain(NOT_BUILT)
    expect(about).not.toMatch(/go live|paid video calls|live tickets|paid calls/)
  })

  it('reports are offered where they exist: posts and profiles', () => {
    const moderation = text(page(<ContentModerationPage />, '/content-moderation'))
    expect(moderation).toContain('use the report option on a post or a profile')
  })
})
