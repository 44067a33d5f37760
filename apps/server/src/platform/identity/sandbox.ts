import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ageOn, Creator, type IdentityWebhookEvent, identityWebhook, Profile } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { IdentityProvider, PartnerSessionState } from './provider.ts'
import { SIGNATURE_HEADER, signWebhook, verifySignedEvent } from './signature.ts'

export const SANDBOX_PAGE_PREFIX = '/sandbox/identity/'
const SESSION_ID = /^sbx_[A-Za-z0-9_-]{24}$/

export const DocumentTypes = {
  passport: 'Passport',
  id_card: 'National ID card',
  driving_licence: 'Driving licence',
} as const
export type DocumentType = keyof typeof DocumentTypes

export const DeclineReasons = [
  'The document photo is blurry',
  'The selfie does not match the document',
  'The document has expired',
  'The document type is not accepted',
] as const
export const UNDER_AGE_REASON = 'The person is under 18'

/** The sandbox partner's own record of a session (a real partner keeps this on its side). */
export interface SandboxSessionRecord {
  id: string
  reference: string
  returnUrl: string
  webhookUrl: string
  /** open | submitted | delivered */
  status: string
  createdAt: Date
  expiresAt: Date
}

/** Where the sandbox keeps its sessions (implemented over the database by the creator module). */
export interface SandboxStore {
  create(record: Omit<SandboxSessionRecord, 'status'>): Promise<void>
  get(id: string): Promise<SandboxSessionRecord | undefined>
  /** open and unexpired → submitted, once; answers whether this call did it. */
  claim(id: string, files: { documentKey: string; selfieKey: string }, now: Date): Promise<boolean>
  /** Back to open when the submission could not be stored. */
  reopen(id: string): Promise<void>
  markDelivered(id: string): Promise<void>
}

export interface SandboxImage {
  bytes: Buffer
  /** sharp's format name (jpeg, png, webp...). */
  format: string
}

export interface SandboxSubmission {
  legalName: string
  dateOfBirth: string
  documentType: DocumentType
  decision: 'approve' | 'decline'
  declineReason: string
  document: SandboxImage
  selfie: SandboxImage
}

export type SandboxPageState = 'open' | 'expired' | 'submitted' | 'missing'

export interface SandboxPartnerDeps {
  store: SandboxStore
  secret: string
  publicUrl: string
  dataDir: string
  clock: { now(): Date }
  delayMs: number
  /** Waits before each retry of a failed webhook delivery. */
  retryDelaysMs?: readonly number[]
  ttlMs?: number
  log: FastifyBaseLogger
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/**
 * The built-in sandbox identity partner. It plays the partner's side inside our server: a hosted page
 * (sandbox-routes.ts), uploads kept under DATA_DIR/identity-sandbox (never served), a decision chosen on the
 * page, and the decision delivered as a signed webhook, retried with backoff.
 */
export function createSandboxPartner(deps: SandboxPartnerDeps) {
  const { store, secret, publicUrl, clock, log } = deps
  const retryDelaysMs = deps.retryDelaysMs ?? [1_000, 5_000, 30_000]
  const ttlMs = deps.ttlMs ?? 3_600_000
  const root = path.join(deps.dataDir, 'identity-sandbox')
  const timers = new Set<NodeJS.Timeout>()
  const closing = new AbortController()

  const folderOf = (id: string) => {
    if (!SESSION_ID.test(id)) throw new Error('invalid sandbox session id')
    return path.join(root, id)
  }

  async function writeAtomically(file: string, bytes: Buffer | string) {
    const temp = `${file}.${process.pid}.tmp`
    await writeFile(temp, bytes, { mode: 0o600 })
    await rename(temp, file)
  }

  async function storedDecision(id: string): Promise<IdentityWebhookEvent | null> {
    try {
      return JSON.parse(await readFile(path.join(folderOf(id), 'decision.json'), 'utf8'))
    } catch {
      return null
    }
  }

  async function deliver(record: SandboxSessionRecord, event: IdentityWebhookEvent): Promise<boolean> {
    const body = JSON.stringify(event)
    try {
      const response = await fetch(record.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(secret, body, seconds(clock.now())),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(10_000)]),
      })
      await response.body?.cancel()
      if (response.ok) return true
      log.warn({ session: record.id, status: response.status }, 'sandbox webhook refused')
    } catch (err) {
      if (!closing.signal.aborted) log.warn({ err, session: record.id }, 'sandbox webhook failed')
    }
    return false
  }

  function scheduleDelivery(record: SandboxSessionRecord, event: IdentityWebhookEvent, attempt = 0) {
    const wait = attempt === 0 ? deps.delayMs : (retryDelaysMs[attempt - 1] ?? 0)
    const timer = setTimeout(async () => {
      timers.delete(timer)
      if (await deliver(record, event)) {
        await store.markDelivered(record.id).catch((err) => log.warn({ err }, 'sandbox mark delivered'))
      } else if (attempt < retryDelaysMs.length && !closing.signal.aborted) {
        scheduleDelivery(record, event, attempt + 1)
      } else if (!closing.signal.aborted) {
        log.error({ session: record.id }, 'sandbox webhook undelivered after retries')
      }
    }, wait)
    timers.add(timer)
  }

  const provider: IdentityProvider = {
    name: 'sandbox',
    async createSession({ reference, returnUrl }) {
      const id = `sbx_${randomBytes(18).toString('base64url')}`
      const now = clock.now()
      await store.create({
        id,
        reference,
        returnUrl,
        webhookUrl: `${publicUrl}${identityWebhook.path}`,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      })
      // The hosted page on the origin the person comes back to (the one they use), like a real partner's
      // would be on its own: the webhook still goes to PUBLIC_URL.
      return { sessionId: id, url: new URL(`${SANDBOX_PAGE_PREFIX}${id}`, returnUrl).toString() }
    },
    verifyWebhook(rawBody, header, now) {
      return verifySignedEvent(secret, rawBody, header, now, Creator.webhookToleranceSeconds)
    },
    async fetchSession(sessionId): Promise<PartnerSessionState> {
      const record = SESSION_ID.test(sessionId) ? await store.get(sessionId) : undefined
      if (!record) return { status: 'unknown' }
      if (record.status === 'open') {
        return record.expiresAt <= clock.now() ? { status: 'expired' } : { status: 'open' }
      }
      const event = await storedDecision(sessionId)
      return event ? { status: 'decided', event } : { status: 'submitted' }
    },
  }

  return {
    provider,

    async pageState(id: string): Promise<SandboxPageState> {
      const record = SESSION_ID.test(id) ? await store.get(id) : undefined
      if (!record) return 'missing'
      if (record.status !== 'open') return 'submitted'
      return record.expiresAt <= clock.now() ? 'expired' : 'open'
    },

    /**
     * Stores the uploads and the decision, then schedules the webhook. Answers where to send the browser,
     * or the page state that stopped it (expired, already submitted, unknown).
     */
    async submit(
      id: string,
      form: SandboxSubmission,
    ): Promise<{ returnUrl: string } | { state: Exclude<SandboxPageState, 'open'> }> {
      const record = SESSION_ID.test(id) ? await store.get(id) : undefined
      if (!record) return { state: 'missing' }
      const folder = folderOf(id)
      const files = {
        documentKey: `${id}/document.${form.document.format}`,
        selfieKey: `${id}/selfie.${form.selfie.format}`,
      }
      const now = clock.now()
      if (!(await store.claim(id, files, now))) {
        return { state: record.expiresAt <= now ? 'expired' : 'submitted' }
      }
      const underAge = ageOn(form.dateOfBirth, now) < Profile.minimumAge
      const approved = form.decision === 'approve' && !underAge
      const event: IdentityWebhookEvent = {
        event_id: `evt_${randomBytes(12).toString('hex')}`,
        type: approved ? 'verification.approved' : 'verification.declined',
        session_id: id,
        decided_at: seconds(now),
        data: {
          legal_name: form.legalName,
          date_of_birth: form.dateOfBirth,
          document_type: form.documentType,
          decline_reason: approved ? null : underAge ? UNDER_AGE_REASON : form.declineReason,
        },
      }
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 })
        await writeAtomically(path.join(root, files.documentKey), form.document.bytes)
        await writeAtomically(path.join(root, files.selfieKey), form.selfie.bytes)
        await writeAtomically(path.join(folder, 'decision.json'), JSON.stringify(event))
      } catch (error) {
        await store.reopen(id)
        throw error
      }
      scheduleDelivery(record, event)
      return { returnUrl: record.returnUrl }
    },

    /** Stops pending deliveries (the app is closing). */
    close() {
      closing.abort()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type SandboxPartner = ReturnType<typeof createSandboxPartner>
