import {
  type MassAudience,
  type MassAudienceKind,
  type MassMessage,
  type MassStatus,
  MassStatusNames,
  type OwnMedia,
} from '@velvet/contract'
import type { MassCounts, MassRow } from './repo.ts'

const seconds = (at: Date) => Math.floor(at.getTime() / 1000)

/** The audience stored on a row, as the contract's parsed shape. */
export function audienceOf(row: MassRow): MassAudience {
  return {
    kind: row.audience as MassAudienceKind,
    spent_level: row.spentLevel,
    list_ids: row.listIds,
  }
}

/** A mass message as its creator sees it; each field listed, so a new column never leaks. */
export function presentMass(row: MassRow, counts: MassCounts | undefined, media: OwnMedia[]): MassMessage {
  return {
    mass_id: row.id,
    kind: row.kind,
    status: row.status,
    status_name: MassStatusNames[row.status as MassStatus],
    audience: audienceOf(row),
    text: row.text,
    media,
    price: row.price,
    post_id: row.postId,
    send_at: seconds(row.sendAt),
    created_at: seconds(row.createdAt),
    finished_at: row.finishedAt ? seconds(row.finishedAt) : null,
    recipients: row.recipients,
    counts: counts ?? { sent: 0, opened: 0, purchased: 0 },
    failure: row.failure,
  }
}
