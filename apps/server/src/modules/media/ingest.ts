import { createReadStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { MediaState } from '@velvet/contract'
import type { Storage } from '../../platform/storage.ts'
import type { MediaRepo } from './repo.ts'
import type { MediaUploadService } from './service.ts'
import { type Intake, md5OfReceived, type ReceivedFile } from './upload.ts'

export interface IngestDeps {
  repo: MediaRepo
  service: Pick<MediaUploadService, 'announce'>
  intake: Intake
  storage: Storage
}

/** A file the server made, on this machine. */
export interface LocalFile {
  path: string
  mime: string
  /** The original name a creator's upload would carry. */
  name: string
}

function localFile(storage: Storage, filePath: string): ReceivedFile {
  return {
    read: async (range) => createReadStream(filePath, { start: range.start, end: range.end }),
    commit: (key) => storage.putFile(key, filePath, { consume: true }),
    discard: () => rm(filePath, { force: true }),
  }
}

/**
 * Media the server makes itself (demo content) take the road of an upload: announced with spec §5's md5
 * (the same file again is the same media), then the intake an upload's last chunk uses (checks, the original
 * into storage, processing queued with the state change). The file is consumed. Answers the media id; the
 * media is processing (or already ready when it is a duplicate). Throws IntakeRefusedError for unacceptable bytes.
 */
export function createIngest({ repo, service, intake, storage }: IngestDeps) {
  return async function ingestFile(ownerId: number, file: LocalFile): Promise<number> {
    const received = localFile(storage, file.path)
    const { size } = await stat(file.path)
    const md5 = await md5OfReceived(received, size)
    const announced = await service.announce(ownerId, { md5, size, mime: file.mime, name: file.name })
    const mediaId = announced.media.media_id
    const row = await repo.findById(mediaId)
    if (!row || row.state !== MediaState.Uploading) {
      await received.discard()
      return mediaId
    }
    await intake.accept(row, received)
    return mediaId
  }
}

export type IngestFile = ReturnType<typeof createIngest>
