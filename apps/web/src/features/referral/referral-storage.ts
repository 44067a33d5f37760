import { REFERRER_STORAGE_KEY, ReferralCode, referralBind } from '@velvet/contract'
import { z } from 'zod'
import { isApiError } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'

/**
 * The referrer of this browser (spec §3 local storage "referrer id"): the code of the last /ref/{code} link
 * opened, kept until a signed-up account records it.
 */
const Stored = z.object({ code: ReferralCode, at: z.number().int() })

export function storeReferrer(code: string, now = Date.now()): void {
  const parsed = ReferralCode.safeParse(code)
  if (parsed.success) writeJson(REFERRER_STORAGE_KEY, { code: parsed.data, at: now })
}

export function storedReferrer(): string | null {
  return readJson(REFERRER_STORAGE_KEY, Stored)?.code ?? null
}

export function forgetReferrer(): void {
  removeItem(REFERRER_STORAGE_KEY)
}

/** Codes of answers that will not change on a retry (unknown code, self, already set, already a creator). */
const FINAL = new Set([5401, 5402, 5403, 5404])

/**
 * Records the stored referrer for the signed-in account (after sign-up, or on /ref/{code} when already
 * signed in). Answers whether it was recorded; a final refusal forgets the stored code, a network problem
 * keeps it for the next try.
 */
export async function bindStoredReferral(): Promise<boolean> {
  const code = storedReferrer()
  if (!code) return false
  try {
    await api.call(referralBind, { code })
    forgetReferrer()
    return true
  } catch (error) {
    if (isApiError(error) && (FINAL.has(error.code) || error.code === 1004)) forgetReferrer()
    return false
  }
}
