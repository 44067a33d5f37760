import { type ClientConfig, TestModeTexts } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConfigProvider } from '../../lib/config.tsx'
import { TestModeBanner } from './TestModeBanner.tsx'

const banner = (sandbox_parts: ClientConfig['sandbox_parts']) =>
  renderToStaticMarkup(
    <ConfigProvider
      config={{
        signing_key: 'velvet-web-client-v1',
        google_client_id: null,
        google_auth_url: null,
        version: '1.0.0',
        sandbox_parts,
      }}
    >
      <TestModeBanner />
    </ConfigProvider>,
  )

describe('the test-mode banner', () => {
  it('shows while any provider is a sandbox, saying what is simulated', () => {
    const markup = banner(['payments', 'payouts'])
    expect(markup).toContain(TestModeTexts.banner)
    expect(markup).toContain('Card payments and payouts are simulated.')
    expect(banner(['identity'])).toContain('Identity checks are simulated.')
  })

  it('shows nothing in a real deployment', () => {
    expect(banner([])).toBe('')
  })
})
