import type { z } from 'zod'

export type Method = 'GET' | 'POST'

/**
 * Who may make a call: `public` needs no session (only a valid signature), `session` needs any
 * session (anonymous guests too), `account` needs a signed-up account.
 */
export type Access = 'public' | 'session' | 'account'

export interface CallDef {
  method: Method
  path: string
  access: Access
  summary: string
  /** Query (GET) or JSON body (POST). Omitted for calls without input and for multipart uploads. */
  input?: z.ZodType
  /** The `data` of a success answer. */
  response: z.ZodType
  /** Multipart upload calls carry a file field of this name. */
  upload?: { field: string }
  /** Exempt from request signing (only for calls a browser makes without our client). */
  unsigned?: boolean
  /**
   * A money-moving call (DESIGN §3): the client sends an `Idempotency-Key` header, the same for every retry
   * of one action; the server answers a replay with the stored answer.
   */
  idempotent?: boolean
  /**
   * A `public` call whose success answer is the same for every caller and carries nothing private may be
   * kept by browsers and shared caches this long. Every other answer is `no-store` (docs/decisions.md,
   * "Hardening (issue 14)"); the server refuses to register a `session` or `account` call that declares it.
   */
  cache?: { maxAgeSeconds: number }
}

export function defineCall<const C extends CallDef>(call: C): C {
  return call
}

/** Whether a contract export is a call (tests walk every call: `Object.values(contract).filter(isCallDef)`). */
export function isCallDef(value: unknown): value is CallDef {
  if (!value || typeof value !== 'object') return false
  const call = value as Partial<CallDef>
  return (
    (call.method === 'GET' || call.method === 'POST') &&
    typeof call.path === 'string' &&
    typeof call.access === 'string' &&
    call.response !== undefined
  )
}

export type CallInput<C extends CallDef> = C['input'] extends z.ZodType ? z.input<C['input']> : undefined
export type CallData<C extends CallDef> = z.output<C['response']>
