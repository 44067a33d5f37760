import type { MediaKind, MediaUrls, OwnMedia } from '@velvet/contract'
import type { MediaFiles } from './schema.ts'

/** A media row as other modules see it (through MediaService, never the media repo). */
export interface MediaRecord {
  id: number
  ownerId: number
  kind: MediaKind
  /** MediaState. */
  state: number
  /** Bytes of the original upload. */
  size: number
  /** Why processing failed (state 3). */
  error: string | null
  width: number | null
  height: number | null
  durationMs: number | null
  /** Blurred tiny preview (data URL), once processed. */
  preview: string | null
  files: MediaFiles | null
}

/** What the posts module (and later messages) need from media. */
export interface MediaService {
  /** The owner's media with these ids; ids that are missing or someone else's are left out. */
  findOwned(ownerId: number, ids: readonly number[]): Promise<MediaRecord[]>
  /** Media by id, any owner (for presenting posts a viewer may see). */
  findMany(ids: readonly number[]): Promise<Map<number, MediaRecord>>
  /**
   * Signed URLs of a ready media item's files, bound to the viewer and valid for Media.signedUrlSeconds
   * (DESIGN §5). The caller has already decided the viewer may see it; null while not ready.
   */
  urlsFor(record: MediaRecord, viewerId: number): MediaUrls | null
  /** The composer's view of one's own media. */
  presentOwn(record: MediaRecord, viewerId: number): OwnMedia
}
