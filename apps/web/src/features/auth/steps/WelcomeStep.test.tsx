import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ConfigProvider } from '../../../lib/config.tsx'
import { AuthLayout } from '../AuthLayout.tsx'
import { WelcomeStep } from './WelcomeStep.tsx'

const config = {
  signing_key: 'velvet-web-client-v1',
  google_client_id: null,
  google_auth_url: null,
  version: '1.0.0',
  sandbox_parts: [],
}

describe('the sign-in welcome', () => {
  it('promises only what is built: no live shows or video calls', () => {
    const markup = renderToStaticMarkup(
      <ConfigProvider config={config}>
        <MemoryRouter>
          <AuthLayout>
            <WelcomeStep />
          </AuthLayout>
        </MemoryRouter>
      </ConfigProvider>,
    )
    expect(markup).toContain('Exclusive posts, private messages and memberships, all in one place.')
    expect(markup).toContain('Memberships, unlocks and gifts')
    expect(markup).not.toMatch(/live shows?|video calls?/i)
  })
})
