import {
  type Payout,
  type PayoutMethod,
  type PayoutMethodKind,
  PayoutMethodTitles,
  type TaxSettings,
} from '@velvet/contract'
import type { PayoutMethodRow, PayoutRow, TaxRow } from './repo.ts'

const seconds = (at: Date) => Math.floor(at.getTime() / 1000)
const secondsOrNull = (at: Date | null) => (at ? seconds(at) : null)

export function presentMethod(row: PayoutMethodRow): PayoutMethod {
  return {
    method_id: row.id,
    kind: row.kind as PayoutMethodKind,
    title: PayoutMethodTitles[row.kind as PayoutMethodKind],
    detail: row.detail,
    is_default: row.isDefault,
    created_at: seconds(row.createdAt),
  }
}

export function presentTax(row: TaxRow): TaxSettings {
  const a = row.address
  return {
    form: row.form as TaxSettings['form'],
    legal_name: row.legalName,
    tin_type: row.tinType as TaxSettings['tin_type'],
    tin_last4: row.tinLast4,
    country: row.country,
    date_of_birth: row.dateOfBirth,
    address: {
      line1: a.line1 ?? '',
      line2: a.line2 ?? '',
      city: a.city ?? '',
      region: a.region ?? '',
      postal_code: a.postal_code ?? '',
      country: a.country ?? row.country,
    },
    updated_at: seconds(row.updatedAt),
    signature_name: row.signatureName,
    signed_at: secondsOrNull(row.signedAt),
  }
}

/** A withdrawal as its owner sees it (plain JSON: it is also the stored answer of an idempotent request). */
export function presentPayout(row: PayoutRow): Payout {
  const kind = row.methodKind as PayoutMethodKind
  return {
    payout_id: row.id,
    amount_cents: row.amountCents,
    fee_cents: row.feeCents,
    net_cents: row.netCents,
    status: row.status as Payout['status'],
    method: { kind, title: PayoutMethodTitles[kind], detail: row.methodDetail },
    created_at: seconds(row.createdAt),
    processing_at: secondsOrNull(row.processingAt),
    paid_at: secondsOrNull(row.paidAt),
    failed_at: secondsOrNull(row.failedAt),
    failure_reason: row.failureReason,
  }
}
