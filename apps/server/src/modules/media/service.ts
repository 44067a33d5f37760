import {
  MediaFailure,
  MediaState,
  MediaTexts,
  maxUploadBytes,
  mediaKindOf,
  type OwnMedia,
  UPLOAD_ENDPOINT,
} from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import { assertCanUpload } from './policy.ts'
import { type MediaRepo, type MediaRow, toRecord } from './repo.ts'
import type { MediaRecord } from './types.ts'
import { type MediaSigner, mediaUrlsFor } from './urls.ts'

export interface MediaServiceDeps {
  repo: MediaRepo
  signer: MediaSigner
  clock: Clock
}

export interface PrepareInput {
  md5: string
  size: number
  mime: string
  name: string
}

export interface PrepareAnswer {
  media: OwnMedia
  duplicate: boolean
  upload_endpoint: string | null
}

function presentOwn(signer: MediaSigner, record: MediaRecord, viewerId: number): OwnMedia {
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
}

export function createMediaService({ repo, signer, clock }: MediaServiceDeps) {
  /** The same file again (spec §5 md5 rule): ready completes at once; uploading resumes the same media. */
  function answerExisting(row: MediaRow, viewerId: number): PrepareAnswer {
    return {
      media: presentOwn(signer, toRecord(row), viewerId),
      duplicate: true,
      upload_endpoint: row.state === MediaState.Uploading ? UPLOAD_ENDPOINT : null,
    }
  }

  const service = {
    async findOwned(ownerId: number, ids: readonly number[]) {
      return (await repo.findOwned(ownerId, ids)).map(toRecord)
    },

    async findMany(ids: readonly number[]) {
      const rows = await repo.findMany(ids)
      return new Map(rows.map((row) => [row.id, toRecord(row)]))
    },

    urlsFor(record: MediaRecord, viewerId: number) {
      return mediaUrlsFor(signer, record, viewerId)
    },

    presentOwn(record: MediaRecord, viewerId: number): OwnMedia {
      return presentOwn(signer, record, viewerId)
    },

    /** Announces an upload (prepareUpload): checks who, what type and how large before any byte is sent. */
    async prepare(viewer: Viewer, input: PrepareInput): Promise<PrepareAnswer> {
      assertCanUpload(viewer)
      return service.announce(viewer.userId, input)
    },

    /**
     * Announces a file of `ownerId` (who may upload is the caller's check): the type and size rules, then
     * the same file again (spec §5) or a new media in state uploading.
     */
    async announce(ownerId: number, input: PrepareInput): Promise<PrepareAnswer> {
      // HEIC is not an accepted type (no HEVC decoder here) but gets its own message: iPhones can send JPEG.
      if (input.mime === 'image/heic')
        throw new AppError('UnsupportedMedia', { message: MediaFailure.heicUnsupported })
      const kind = mediaKindOf(input.mime)
      if (!kind) throw new AppError('UnsupportedMedia', { message: MediaTexts.unsupportedType })
      if (input.size > maxUploadBytes(kind)) {
        throw new AppError('PayloadTooLarge', { message: MediaTexts.tooLarge(kind) })
      }
      const same = await repo.findSameFile(ownerId, input.md5, input.size)
      if (same) return answerExisting(same, ownerId)
      try {
        const row = await repo.insertUpload({
          ownerId,
          kind,
          md5: input.md5,
          size: input.size,
          mime: input.mime,
          originalName: input.name,
          createdAt: clock.now(),
        })
        return {
          media: presentOwn(signer, toRecord(row), ownerId),
          duplicate: false,
          upload_endpoint: UPLOAD_ENDPOINT,
        }
      } catch (error) {
        // The same file announced twice at once: the other request's row is the answer.
        if (!isUniqueViolation(error)) throw error
        const raced = await repo.findSameFile(ownerId, input.md5, input.size)
        if (!raced) throw error
        return answerExisting(raced, ownerId)
      }
    },

    /** The viewer's own media among `ids`, in the order asked (others' ids are left out). */
    async status(viewer: Viewer, ids: readonly number[]): Promise<{ list: OwnMedia[] }> {
      const rows = new Map((await repo.findOwned(viewer.userId, ids)).map((row) => [row.id, row]))
      const list: OwnMedia[] = []
      for (const id of new Set(ids)) {
        const row = rows.get(id)
        if (row) list.push(presentOwn(signer, toRecord(row), viewer.userId))
      }
      return { list }
    },
  }
  return service
}

export type MediaUploadService = ReturnType<typeof createMediaService>
