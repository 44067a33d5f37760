import { useQueryClient } from '@tanstack/react-query'
import {
  ErrorCodes,
  type OwnMedia,
  type Post,
  type PostMedia,
  PostState,
  Posts,
  type SessionUser,
} from '@velvet/contract'
import { CalendarClock, Send } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { isApiError } from '../../lib/api/index.ts'
import { checkFile } from '../../lib/upload/file-rules.ts'
import type { UploadFile } from '../../lib/upload/upload-queue.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { toast } from '../../ui/toast-store.ts'
import { AudienceField } from './AudienceField.tsx'
import { CaptionField } from './CaptionField.tsx'
import {
  type ComposerDraft,
  type ComposerErrors,
  type ComposerMedia,
  composerErrors,
  coverOf,
  draftOf,
  firstErrorField,
  fromLocalInput,
  isDirty,
  type MediaProgress,
  mainAction,
  moveMedia,
  type SaveAction,
  savedMediaKey,
  savePayload,
  serverErrors,
  suggestedScheduleTime,
  toLocalInput,
} from './composer-rules.ts'
import { MediaSection } from './MediaSection.tsx'
import { successPath } from './paths.ts'
import { discardDraft, invalidateAfterChange, publishKeys, useSavePost } from './publish.queries.ts'
import { ScheduleField } from './ScheduleField.tsx'
import { scheduleText } from './time-format.ts'
import { useLeaveGuard } from './use-leave-guard.ts'
import { useUploadQueue } from './use-upload-queue.ts'
import '../../ui/form-kit.css'
import './composer.css'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** What the screen that opened the composer says about the visit (router location state). */
export interface ComposerVisit {
  /** The post was created for this visit (a new, empty draft). */
  fresh?: boolean
  /** The post was opened from the scheduled list (it became a draft again). */
  wasScheduled?: boolean
}

function visitOf(state: unknown): ComposerVisit {
  return state && typeof state === 'object' ? (state as ComposerVisit) : {}
}

/**
 * A draft made for this visit and left empty is deleted when the composer closes, so opening and leaving
 * the composer does not pile up empty drafts. The check waits a tick: a remount (React's strict mode)
 * is not a leave.
 */
function useDiscardIfEmpty(postId: number, fresh: boolean, isEmpty: boolean) {
  const empty = useRef(isEmpty)
  empty.current = isEmpty
  const mounted = useRef(false)
  const client = useQueryClient()
  useEffect(() => {
    if (!fresh) return
    mounted.current = true
    return () => {
      mounted.current = false
      setTimeout(() => {
        if (mounted.current || !empty.current) return
        discardDraft(client, postId)
      }, 0)
    }
  }, [postId, fresh, client])
}

/** A saved post's media as the upload queue follows it (only those still processing need following). */
function ownMediaOf(media: PostMedia): OwnMedia {
  return { ...media, error: null, size: 0 }
}

/** Re-renders every half minute so the schedule's earliest time follows the clock. */
function useClock(): number {
  const [now, setNow] = useState(nowSeconds)
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/**
 * The composer of one post: media (upload, order, cover, free previews), caption, who can see it and the
 * price, publish now or at a time; Save draft and Publish/Schedule. Problems show on their fields, in the
 * contract's words, before sending and from the server; leaving with unsaved changes asks first.
 */
export function Composer({ post, user }: { post: Post; user: SessionUser }) {
  const navigate = useNavigate()
  const location = useLocation()
  const client = useQueryClient()
  const { queue, uploads } = useUploadQueue(user.user_id)
  const savedMedia = useMemo(() => new Map(post.media.map((item) => [item.media_id, item])), [post])
  const [draft, setDraft] = useState<ComposerDraft>(() => draftOf(post))
  const [baseline, setBaseline] = useState<ComposerDraft>(() => draftOf(post))
  const [errors, setErrors] = useState<ComposerErrors>({})
  const [busy, setBusy] = useState<SaveAction | null>(null)
  const savePostCall = useSavePost()
  const [verifyNeeded, setVerifyNeeded] = useState(false)
  const [savedHere, setSavedHere] = useState(false)
  const now = useClock()
  const priceRef = useRef<HTMLInputElement>(null)
  const scheduleRef = useRef<HTMLInputElement>(null)
  const captionRef = useRef<HTMLTextAreaElement>(null)
  const mediaRef = useRef<HTMLDivElement>(null)

  const visit = visitOf(location.state)
  // spec §4: opening a scheduled post made it a draft again; say so.
  const wasScheduled =
    post.state === PostState.Draft && (post.publish_at !== null || visit.wasScheduled === true)

  useEffect(() => {
    if (!queue) return
    for (const item of post.media) queue.track(savedMediaKey(item.media_id), ownMediaOf(item))
  }, [queue, post])

  const resolved = useMemo<ComposerDraft>(
    () => ({
      ...draft,
      media: draft.media.map((item) =>
        item.mediaId !== null ? item : { ...item, mediaId: uploads.get(item.key)?.state.mediaId ?? null },
      ),
    }),
    [draft, uploads],
  )
  const progressOf = (item: ComposerMedia): MediaProgress => {
    const phase = uploads.get(item.key)?.state.phase ?? 'ready'
    return phase === 'ready' || phase === 'failed' ? phase : 'pending'
  }
  useDiscardIfEmpty(
    post.post_id,
    visit.fresh === true,
    draft.media.length === 0 && draft.caption.trim() === '' && !savedHere,
  )
  // Processing goes on at the server without the page; only transfers stop when it closes.
  const uploading = [...uploads.values()].some(
    (entry) => !['processing', 'ready', 'failed'].includes(entry.state.phase),
  )
  const unsaved = isDirty(resolved, baseline) || uploading
  const guard = useLeaveGuard(
    unsaved,
    uploading
      ? 'Uploads in progress stop, and changes since your last save are lost.'
      : 'Changes since your last save are lost.',
  )

  const update = (patch: Partial<ComposerDraft>, clear: (keyof ComposerErrors)[] = []) => {
    setDraft((current) => ({ ...current, ...patch }))
    if (clear.length > 0) {
      setErrors((current) => {
        const next = { ...current }
        for (const field of clear) delete next[field]
        return next
      })
    }
  }

  const addFiles = (files: File[]) => {
    if (!queue) return
    const accepted: (UploadFile & { file: File })[] = []
    const refused: string[] = []
    for (const file of files) {
      const check = checkFile(file)
      if (check.ok) accepted.push({ file, name: file.name, mime: check.mime, kind: check.kind })
      else refused.push(`${file.name}: ${check.message}`)
    }
    const room = Math.max(0, Posts.mediaMax - draft.media.length)
    if (accepted.length > room) {
      refused.unshift(`A post has at most ${Posts.mediaMax} photos and videos.`)
      accepted.length = room
    }
    if (refused.length > 0)
      toast.error(refused.length > 1 ? `${refused[0]} (and ${refused.length - 1} more)` : (refused[0] ?? ''))
    if (accepted.length === 0) return
    const keys = queue.add(accepted)
    const added = keys.map((key, index) => ({
      key,
      mediaId: null,
      kind: accepted[index]?.kind ?? 'image',
      isFreePreview: false,
    }))
    update({}, ['media'])
    setDraft((current) => ({ ...current, media: [...current.media, ...added] }))
  }

  const removeMedia = (key: string) => {
    queue?.remove(key)
    setDraft((current) => ({
      ...current,
      media: current.media.filter((item) => item.key !== key),
      coverKey: current.coverKey === key ? null : current.coverKey,
    }))
  }

  const focusField = (field: keyof ComposerErrors) => {
    const target =
      field === 'price'
        ? priceRef.current
        : field === 'publish_at'
          ? scheduleRef.current
          : field === 'caption'
            ? captionRef.current
            : mediaRef.current
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
      target.focus({ preventScroll: true })
  }

  const save = async (action: SaveAction) => {
    const found = composerErrors(resolved, action, progressOf, nowSeconds())
    setErrors(found)
    const first = firstErrorField(found)
    if (first) {
      focusField(first)
      return
    }
    setBusy(action)
    try {
      const answer = await savePostCall.mutateAsync(savePayload(post.post_id, action, resolved))
      setSavedHere(true)
      invalidateAfterChange(client)
      client.setQueryData(publishKeys.draftCount(user.user_id), answer.draft_num)
      if (action === 'draft') {
        setBaseline(resolved)
        setDraft(resolved)
        toast.success('Draft saved')
      } else {
        guard.allowNextLeave()
        void navigate(successPath(post.post_id), { replace: true })
      }
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCodes.CreatorNotVerified.code) {
        setVerifyNeeded(true)
        setErrors({ visibility: error.message })
        return
      }
      const placed = serverErrors(error)
      if (placed) {
        setErrors(placed)
        const field = firstErrorField(placed)
        if (field) focusField(field)
      } else toast.error(isApiError(error) ? error.message : ErrorCodes.Generic.message)
    } finally {
      setBusy(null)
    }
  }

  const action = mainAction(draft)
  const cover = coverOf(draft)
  const here = `${location.pathname}${location.search}`
  const pendingUploads = draft.media.filter((item) => progressOf(item) === 'pending').length

  return (
    <form
      className="v-compose"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save(action)
      }}
    >
      {wasScheduled ? (
        <Alert tone="info">
          This post was scheduled{post.publish_at !== null ? ` for ${scheduleText(post.publish_at)}` : ''}. It
          is a draft again until you schedule or publish it.
        </Alert>
      ) : null}

      <div ref={mediaRef}>
        <MediaSection
          media={draft.media}
          coverKey={cover?.key}
          sourceOf={(item) => ({
            upload: uploads.get(item.key),
            saved: item.mediaId !== null ? savedMedia.get(item.mediaId) : undefined,
          })}
          error={errors.media ?? errors.cover_media_id}
          canAdd={queue !== null}
          onAdd={addFiles}
          onMove={(from, to) =>
            setDraft((current) => ({ ...current, media: moveMedia(current.media, from, to) }))
          }
          onCover={(key) => update({ coverKey: key }, ['cover_media_id'])}
          onFreePreview={(key, on) =>
            setDraft((current) => ({
              ...current,
              media: current.media.map((item) => (item.key === key ? { ...item, isFreePreview: on } : item)),
            }))
          }
          onRemove={removeMedia}
          onPause={(key) => queue?.pause(key)}
          onResume={(key) => queue?.resume(key)}
          onRetry={(key) => queue?.retry(key)}
        />
      </div>

      <CaptionField
        ref={captionRef}
        value={draft.caption}
        onChange={(caption) => update({ caption }, ['caption'])}
        error={errors.caption}
      />

      <AudienceField
        visibility={draft.visibility}
        price={draft.price}
        onVisibility={(visibility) => update({ visibility }, ['visibility', 'price'])}
        onPrice={(price) => update({ price }, ['price'])}
        visibilityError={errors.visibility}
        priceError={errors.price}
        verifyPath={verifyNeeded ? `/creator_audit?redirect=${encodeURIComponent(here)}` : null}
        priceRef={priceRef}
      />

      <ScheduleField
        schedule={draft.schedule}
        publishAt={draft.publishAt}
        nowSeconds={now}
        onSchedule={(on) =>
          update(
            {
              schedule: on,
              publishAt:
                on && (fromLocalInput(draft.publishAt) ?? 0) <= now
                  ? toLocalInput(suggestedScheduleTime(now))
                  : draft.publishAt,
            },
            ['publish_at'],
          )
        }
        onPublishAt={(publishAt) => update({ publishAt }, ['publish_at'])}
        error={errors.publish_at}
        inputRef={scheduleRef}
      />

      <div className="v-compose__actions">
        {pendingUploads > 0 ? (
          <p className="v-compose__actions-note" role="status">
            {pendingUploads === 1 ? '1 upload' : `${pendingUploads} uploads`} still on the way
          </p>
        ) : null}
        <div className="v-compose__buttons">
          <Button
            variant="secondary"
            size="lg"
            loading={busy === 'draft'}
            disabled={busy !== null && busy !== 'draft'}
            onClick={() => void save('draft')}
          >
            Save draft
          </Button>
          <Button
            type="submit"
            size="lg"
            icon={action === 'schedule' ? <CalendarClock /> : <Send />}
            loading={busy === action}
            disabled={busy !== null && busy !== action}
          >
            {action === 'schedule' ? 'Schedule' : 'Publish'}
          </Button>
        </div>
      </div>
    </form>
  )
}
