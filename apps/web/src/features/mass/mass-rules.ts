import {
  type MassAudienceInput,
  type MassAudienceKind,
  MassKind,
  MassRules,
  type MassStatusName,
  massCreate,
} from '@velvet/contract'
import { isApiError } from '../../lib/api/index.ts'
import { fromLocalInput } from '../publish/index.ts'

/** What the /mass/sender form holds. */
export interface MassDraft {
  kind: MassKind
  audience: MassAudienceKind
  spentLevel: number
  listIds: number[]
  text: string
  postId: number | null
  ppv: boolean
  /** The price field as typed (coins). */
  price: string
  schedule: boolean
  /** datetime-local in the creator's time zone, or ''. */
  sendAt: string
}

export type MassField = 'audience' | 'text' | 'media' | 'price' | 'send_at' | 'post_id'
export type MassErrors = Partial<Record<MassField, string>>

export const emptyDraft: MassDraft = {
  kind: MassKind.Message,
  audience: 'followers',
  spentLevel: 1,
  listIds: [],
  text: '',
  postId: null,
  ppv: false,
  price: '',
  schedule: false,
  sendAt: '',
}

/** The audience the draft names, or null while it names none yet (lists without a list). */
export function audienceOf(
  draft: Pick<MassDraft, 'audience' | 'spentLevel' | 'listIds'>,
): MassAudienceInput | null {
  if (draft.audience === 'spenders') return { kind: 'spenders', spent_level: draft.spentLevel }
  if (draft.audience === 'lists')
    return draft.listIds.length > 0
      ? { kind: 'lists', list_ids: [...draft.listIds].sort((a, b) => a - b) }
      : null
  return { kind: draft.audience }
}

const priceOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/** The create call's input for this draft and these (ready) media ids. */
export function createPayload(draft: MassDraft, mediaIds: number[], clientId: string) {
  const message = draft.kind === MassKind.Message
  return {
    client_id: clientId,
    kind: draft.kind,
    audience: audienceOf(draft) ?? { kind: 'lists', list_ids: [] },
    text: draft.text,
    media: message ? mediaIds : [],
    price: message && draft.ppv ? priceOf(draft.price) : null,
    post_id: message ? null : draft.postId,
    send_at: draft.schedule ? fromLocalInput(draft.sendAt) : null,
  }
}

const FIELDS: readonly MassField[] = ['audience', 'post_id', 'text', 'media', 'price', 'send_at']

const fieldOf = (path: readonly PropertyKey[]): MassField => {
  const top = String(path[0] ?? '')
  if (top === 'audience' || top === 'list_ids' || top === 'spent_level') return 'audience'
  return (FIELDS as readonly string[]).includes(top) ? (top as MassField) : 'text'
}

/**
 * What stops the draft from going out, by field: the contract's own rules (the server's words), uploads
 * still on their way, a schedule in the past and an audience over the limit.
 */
export function draftErrors(
  draft: MassDraft,
  media: { ids: number[]; pending: boolean },
  nowSeconds: number,
  reach: { count: number; max: number } | undefined,
): MassErrors {
  const errors: MassErrors = {}
  const put = (field: MassField, message: string) => {
    errors[field] ??= message
  }
  if (audienceOf(draft) === null) put('audience', 'Choose at least one list.')
  if (reach && reach.count > reach.max)
    put(
      'audience',
      `This audience has more than ${reach.max.toLocaleString('en-US')} people. Choose a smaller audience.`,
    )
  else if (reach && reach.count === 0) put('audience', 'No one in this audience can receive a message yet.')
  if (draft.kind === MassKind.Message && media.pending) put('media', 'Wait until your uploads are finished.')
  if (draft.ppv && draft.kind === MassKind.Message && Number.isNaN(priceOf(draft.price)))
    put('price', 'Enter a price in whole coins.')
  if (draft.schedule) {
    const at = fromLocalInput(draft.sendAt)
    if (at === null) put('send_at', 'Pick a date and time.')
    else if (at - nowSeconds < MassRules.scheduleMinLeadSeconds) put('send_at', 'Pick a time in the future.')
  }
  const parsed = massCreate.input.safeParse(createPayload(draft, media.ids, 'client-check'))
  if (!parsed.success) for (const issue of parsed.error.issues) put(fieldOf(issue.path), issue.message)
  return errors
}

export function firstError(errors: MassErrors): MassField | undefined {
  return FIELDS.find((field) => errors[field] !== undefined)
}

/** A refusal of the server, placed on its field (the limits go on the audience or the time). */
export function serverErrors(error: unknown): MassErrors | null {
  if (!isApiError(error)) return null
  const placed: MassErrors = {}
  for (const field of error.fields ?? []) placed[fieldOf(field.field.split('.'))] ??= field.message
  if (Object.keys(placed).length > 0) return placed
  return null
}

export const StatusLabels: Record<MassStatusName, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  successful: 'Sent',
  failed: 'Failed',
}

/** "42%" of `part` in `whole`, or an en dash when nothing went out. */
export function percentOf(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–'
}
