import { Creator } from '@velvet/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import {
  DeclineReasons,
  type DocumentType,
  DocumentTypes,
  SANDBOX_PAGE_PREFIX,
  type SandboxImage,
  type SandboxPartner,
  type SandboxSubmission,
} from './sandbox.ts'
import {
  renderSandboxForm,
  renderSandboxState,
  type SandboxFormErrors,
  type SandboxFormValues,
} from './sandbox-page.ts'

const photoFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'avif'])
const MAX_PIXELS = 40_000_000
const emptyValues: SandboxFormValues = {
  legal_name: '',
  date_of_birth: '',
  document_type: 'passport',
  decision: '',
  decline_reason: DeclineReasons[0],
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body)
}

/** The uploaded bytes, checked by content: a real photo format sharp can read. */
async function photoOf(bytes: Buffer | undefined): Promise<SandboxImage | string> {
  if (!bytes || bytes.length === 0) return 'Please add this photo.'
  try {
    const { format } = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()
    if (format && photoFormats.has(format)) return { bytes, format: format === 'jpeg' ? 'jpg' : format }
  } catch {
    // not an image we can read: answered below
  }
  return 'This file is not a photo we can read (JPEG, PNG, WebP or HEIC).'
}

function isPastDate(value: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
  return real && y >= 1900 && date <= now
}

async function readForm(req: FastifyRequest) {
  const fields: Record<string, string> = {}
  const files: Record<string, Buffer> = {}
  const tooLarge = new Set<string>()
  const parts = req.parts({
    limits: { fileSize: Creator.documentMaxBytes, files: 2, fields: 10, fieldSize: 1000 },
  })
  for await (const part of parts) {
    if (part.type === 'file') {
      try {
        const bytes = await part.toBuffer()
        if (part.fieldname === 'document' || part.fieldname === 'selfie') files[part.fieldname] = bytes
      } catch (error) {
        if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error
        tooLarge.add(part.fieldname)
      }
    } else {
      fields[part.fieldname] = String(part.value ?? '')
    }
  }
  return { fields, files, tooLarge }
}

async function validate(
  form: Awaited<ReturnType<typeof readForm>>,
  now: Date,
): Promise<{ values: SandboxFormValues; errors: SandboxFormErrors; submission?: SandboxSubmission }> {
  const f = form.fields
  const values: SandboxFormValues = {
    legal_name: (f.legal_name ?? '').trim().replace(/\s+/g, ' '),
    date_of_birth: (f.date_of_birth ?? '').trim(),
    document_type: f.document_type ?? '',
    decision: f.decision ?? '',
    decline_reason: f.decline_reason ?? '',
  }
  const errors: SandboxFormErrors = {}
  if (values.legal_name.length < 2 || values.legal_name.length > Creator.legalNameMax) {
    errors.legal_name = 'Enter your full name as printed on the document.'
  }
  if (!isPastDate(values.date_of_birth, now)) errors.date_of_birth = 'Enter a valid date of birth.'
  if (!(values.document_type in DocumentTypes)) errors.document_type = 'Choose a document type.'
  if (values.decision !== 'approve' && values.decision !== 'decline') errors.decision = 'Choose a decision.'
  const reasons: readonly string[] = DeclineReasons
  if (values.decision === 'decline' && !reasons.includes(values.decline_reason)) {
    errors.decline_reason = 'Choose a decline reason.'
  }
  const photos: Partial<Record<'document' | 'selfie', SandboxImage>> = {}
  for (const field of ['document', 'selfie'] as const) {
    const photo = form.tooLarge.has(field)
      ? 'This photo is larger than 10 MB.'
      : await photoOf(form.files[field])
    if (typeof photo === 'string') errors[field] = photo
    else photos[field] = photo
  }
  if (Object.keys(errors).length > 0 || !photos.document || !photos.selfie) return { values, errors }
  return {
    values,
    errors,
    submission: {
      legalName: values.legal_name,
      dateOfBirth: values.date_of_birth,
      documentType: values.document_type as DocumentType,
      decision: values.decision as 'approve' | 'decline',
      declineReason: values.decline_reason || DeclineReasons[0],
      document: photos.document,
      selfie: photos.selfie,
    },
  }
}

/**
 * The sandbox partner's hosted page, server-rendered without any script (our CSP allows only same-origin
 * scripts and inline styles): GET shows the form, POST takes the multipart form and answers 303 to the
 * session's return URL.
 */
export function registerSandboxRoutes(
  app: FastifyInstance,
  deps: { sandbox: SandboxPartner; clock: { now(): Date } },
): void {
  const { sandbox, clock } = deps
  const route = `${SANDBOX_PAGE_PREFIX}:sessionId`
  type Params = { Params: { sessionId: string } }

  app.get<Params>(route, { schema: { hide: true } }, async (req, reply) => {
    const state = await sandbox.pageState(req.params.sessionId)
    if (state === 'open') return html(reply, 200, renderSandboxForm(emptyValues))
    return html(reply, state === 'missing' ? 404 : 410, renderSandboxState(state))
  })

  app.post<Params>(
    route,
    { schema: { hide: true }, bodyLimit: 3 * Creator.documentMaxBytes },
    async (req, reply) => {
      const state = await sandbox.pageState(req.params.sessionId)
      if (state !== 'open') return html(reply, state === 'missing' ? 404 : 410, renderSandboxState(state))
      if (!req.isMultipart()) return html(reply, 415, renderSandboxForm(emptyValues))
      const { values, errors, submission } = await validate(await readForm(req), clock.now())
      if (!submission) return html(reply, 400, renderSandboxForm(values, errors))
      const outcome = await sandbox.submit(req.params.sessionId, submission)
      if ('state' in outcome) {
        return html(reply, outcome.state === 'missing' ? 404 : 410, renderSandboxState(outcome.state))
      }
      return reply.status(303).header('cache-control', 'no-store').redirect(outcome.returnUrl, 303)
    },
  )
}
