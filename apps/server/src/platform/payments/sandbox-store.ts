import type { SandboxBehaviour } from './cards.ts'

/** The sandbox's own record of a hosted card form (a real provider keeps this on its side). */
export interface SandboxSetupRecord {
  id: string
  reference: string
  returnUrl: string
  /** open | completed */
  status: string
  cardToken: string | null
  createdAt: Date
  expiresAt: Date
}

/** A card the sandbox tokenised: never the number, only what a person recognises and the test behaviour. */
export interface SandboxCardRecord {
  token: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
  behaviour: SandboxBehaviour
}

export interface SandboxChargeRecord {
  id: string
  idempotencyKey: string
  cardToken: string
  amountCents: number
  reference: string
  returnUrl: string
  /** requires_action | succeeded | failed | disputed */
  status: string
  declineCode: string | null
  createdAt: Date
}

/** Where the sandbox keeps its state (implemented over the database by the payments module). */
export interface SandboxPaymentsStore {
  createSetup(record: Omit<SandboxSetupRecord, 'status' | 'cardToken'>): Promise<void>
  getSetup(id: string): Promise<SandboxSetupRecord | undefined>
  /** open and unexpired → completed with the card, once; answers whether this call did it. */
  completeSetup(id: string, card: SandboxCardRecord, now: Date): Promise<boolean>
  getCard(token: string): Promise<SandboxCardRecord | undefined>
  /** Inserts the charge unless its idempotency key exists; answers the stored charge either way. */
  insertCharge(record: SandboxChargeRecord): Promise<SandboxChargeRecord>
  getCharge(id: string): Promise<SandboxChargeRecord | undefined>
  getChargeByKey(idempotencyKey: string): Promise<SandboxChargeRecord | undefined>
  /** Moves a charge from `from` to `to` once; answers whether this call did it. */
  moveCharge(id: string, from: string, to: { status: string; declineCode: string | null }): Promise<boolean>
}
