import { type ProviderPart, TestModeTexts } from '@velvet/contract'
import { useClientConfig } from '../../lib/config.tsx'
import './TestModeBanner.css'

/**
 * "Test mode: no real money" at the top of every page while any provider is the built-in sandbox
 * (development, and a staging server started with ALLOW_SANDBOX_PROVIDERS), with what is simulated. In the
 * page's flow, so it covers nothing; a real deployment (no sandbox) renders nothing.
 */
export function TestModeBanner() {
  const parts = useClientConfig().sandbox_parts
  return parts.length > 0 ? <TestModeNotice parts={parts} /> : null
}

export function TestModeNotice({ parts }: { parts: readonly ProviderPart[] }) {
  return (
    <aside className="v-test-mode" aria-label={TestModeTexts.banner} data-testid="test-mode">
      <strong>{TestModeTexts.banner}</strong> <span>{TestModeTexts.simulated(parts)}</span>
    </aside>
  )
}
