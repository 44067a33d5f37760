import { randomBytes } from 'node:crypto'
import { PayoutSandbox } from '@velvet/contract'
import type { PayoutProvider, PayoutRecipient } from './provider.ts'

/** The sandbox's own delay between a send and the payout arriving (a real provider takes days). */
export const SANDBOX_SETTLE_MS = 2_000

function fails(recipient: PayoutRecipient): boolean {
  switch (recipient.kind) {
    case 'ach':
      return recipient.accountNumber === PayoutSandbox.failingAchAccount
    case 'paypal':
      return (recipient.email.split('@')[0] ?? '').endsWith(PayoutSandbox.failingPaypalSuffix)
    case 'usdt':
      return recipient.address === PayoutSandbox.failingUsdtAddress
  }
}

/**
 * The built-in sandbox payout provider (the default). Like a processor's test mode it pays every recipient
 * except the test ones that fail (PayoutSandbox), `settleMs` after the send, by the provider's own clock.
 * It keeps no state of its own: the outcome is written into the recipient token and the payout reference,
 * so every server process answers the same.
 */
export function createSandboxPayoutProvider(
  options: { settleMs?: number; now?: () => number } = {},
): PayoutProvider {
  const settleMs = options.settleMs ?? SANDBOX_SETTLE_MS
  const now = options.now ?? Date.now
  return {
    name: 'sandbox',
    pollAfterMs: settleMs,
    async createRecipient(recipient) {
      const outcome = fails(recipient) ? 'fail' : 'ok'
      return { token: `sbx_rcp_${outcome}_${randomBytes(8).toString('hex')}` }
    },
    async send(request) {
      const outcome = request.recipientToken.startsWith('sbx_rcp_fail_') ? 'fail' : 'ok'
      if (!request.recipientToken.startsWith('sbx_rcp_')) throw new Error('unknown sandbox recipient')
      return { providerRef: `sbx_po_${outcome}_${now() + settleMs}_${request.reference}` }
    },
    async status(providerRef) {
      const match = /^sbx_po_(ok|fail)_(\d+)_/.exec(providerRef)
      if (!match) return { status: 'failed', reason: 'Unknown payout.' }
      if (now() < Number(match[2])) return { status: 'processing' }
      return match[1] === 'ok'
        ? { status: 'paid' }
        : { status: 'failed', reason: 'The receiving account refused the payment.' }
    },
  }
}
