import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type PayoutMethod, PayoutMethodKind, PayoutScreenTexts } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { WithdrawForm } from './PayoutScreen.tsx'
import { testOverview } from './test-overview.ts'

// The overview read before the first method was added: no default yet.
const overview = testOverview({ available_cents: 5_000, default_method: null })

const ach: PayoutMethod = {
  method_id: 7,
  kind: PayoutMethodKind.Ach,
  title: 'Bank account (ACH)',
  detail: 'Lena Moss ••••6789',
  is_default: true,
  created_at: 0,
}

function html(methods: PayoutMethod[]) {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <WithdrawForm overview={overview} methods={methods} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the withdrawal form', () => {
  it('checks the default method though the overview read before it was added names none', () => {
    const radio = html([ach]).match(/<input[^>]*name="payout-method"[^>]*>/)?.[0] ?? ''
    expect(radio).toContain('value="7"')
    expect(radio).toContain('checked=""')
  })

  it('names the fee by the method without nested parentheses', () => {
    const markup = html([ach])
    expect(markup).toContain(`<dt>${PayoutScreenTexts.feeLabel(ach.title)}</dt>`)
    expect(markup).toContain('Bank account (ACH) fee')
    expect(markup).not.toContain('Fee (Bank account (ACH))')
  })
})
