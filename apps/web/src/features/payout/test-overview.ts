import type { PayoutOverview } from '@velvet/contract'

/** Tests only: a creator's payout overview with US$123.45 available, nothing pending, a W-9 on file. */
export function testOverview(fields: Partial<PayoutOverview> = {}): PayoutOverview {
  return {
    is_creator: true,
    available_cents: 12_345,
    clearing_cents: 0,
    clearing_days: 7,
    next_clear_at: null,
    pending_cents: 0,
    held_cents: 0,
    referral_held_cents: 0,
    minimum_cents: 2_000,
    is_us: true,
    has_tax: true,
    default_method: null,
    processing_days: '1-2',
    arrival_days: '2-5',
    suspended_until: null,
    ...fields,
  }
}
