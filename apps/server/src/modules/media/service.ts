import type { OwnMedia } from '@velvet/contract'
import { type MediaRepo, toRecord } from './repo.ts'
import type { MediaService } from './types.ts'
import { type MediaSigner, mediaUrlsFor } from './urls.ts'

export interface MediaServiceDeps {
  repo: MediaRepo
  signer: MediaSigner
}

export function createMediaService({ repo, signer }: MediaServiceDeps): MediaService {
  return {
    async findOwned(ownerId, ids) {
      return (await repo.findOwned(ownerId, ids)).map(toRecord)
    },

    async findMany(ids) {
      const rows = await repo.findMany(ids)
      return new Map(rows.map((row) => [row.id, toRecord(row)]))
    },

    urlsFor(record, viewerId) {
      return mediaUrlsFor(signer, record, viewerId)
    },

    presentOwn(record, viewerId): OwnMedia {
      return {
        media_id: record.id,
        kind: record.kind,
        state: record.state,
        error: record.error,
        size: record.size,
        width: record.width,
        height: record.height,
        duration: record.durationMs === null ? null : record.durationMs / 1000,
        preview: record.preview,
        urls: mediaUrlsFor(signer, record, viewerId),
      }
    },
  }
}
