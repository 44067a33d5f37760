import {
  ErrorCodes,
  MassKind,
  MassRules,
  MassTexts,
  Posts,
  type SessionUser,
  UserRole,
} from '@velvet/contract'
import { CalendarClock, Coins, History, Lock, MessageSquareText, Send } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/index.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import { PillTabs } from '../../ui/PillTabs.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { SwitchRow } from '../../ui/SwitchRow.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { AccountOnly } from '../auth/index.ts'
import { CreatorsOnly } from '../creator/index.ts'
import { MediaSection, timeZoneLabel } from '../publish/index.ts'
import { AudiencePicker, useReach } from './AudiencePicker.tsx'
import { useCreateMass } from './mass.queries.ts'
import {
  createPayload,
  draftErrors,
  emptyDraft,
  firstError,
  type MassDraft,
  type MassErrors,
  serverErrors,
} from './mass-rules.ts'
import { PostPicker } from './PostPicker.tsx'
import { MassPath, massSuccessPath } from './paths.ts'
import { useMassMedia } from './use-mass-media.ts'
import '../../ui/screen-kit.css'
import '../../ui/form-kit.css'
import './mass.css'

const nowSeconds = () => Math.floor(Date.now() / 1000)
const pad = (n: number) => String(n).padStart(2, '0')
const localInput = (seconds: number) => {
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const KIND_TABS = [
  { value: 'message', label: 'Message' },
  { value: 'post', label: 'Share a post' },
] as const

/** /mass/sender: write once, reach an audience now or at a time (creators only). */
export function MassSenderScreen() {
  return (
    <AccountOnly>
      {(user) => (
        <div className="v-screen v-mass-screen">
          <ScreenBar
            title="New mass message"
            fallback={MassPath.list}
            end={
              <Link to={MassPath.list} className="v-mass-bar-link" aria-label="Sent mass messages">
                <History aria-hidden="true" />
              </Link>
            }
          />
          <main className="v-mass-main">
            {user.user_role === UserRole.Creator ? <MassSender user={user} /> : <MassCreatorsOnly />}
          </main>
        </div>
      )}
    </AccountOnly>
  )
}

/** The mass message screens for an account that is not a creator. */
export function MassCreatorsOnly() {
  return (
    <CreatorsOnly
      title="Mass messages are for creators"
      text="Become a verified creator to message your fans all at once."
    />
  )
}

function MassSender({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<MassDraft>(emptyDraft)
  const [errors, setErrors] = useState<MassErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const clientId = useMemo(() => crypto.randomUUID(), [])
  const media = useMassMedia(user.user_id)
  const { reach } = useReach(draft)
  const create = useCreateMass()
  const refs = useRef<Partial<Record<keyof MassErrors, HTMLElement | null>>>({})
  const isMessage = draft.kind === MassKind.Message
  const refOf = (field: keyof MassErrors) => (element: HTMLElement | null) => {
    refs.current[field] = element
  }

  const update = (change: Partial<MassDraft>, clears: (keyof MassErrors)[]) => {
    setDraft((current) => ({ ...current, ...change }))
    setErrors((current) => {
      const next = { ...current }
      for (const field of clears) delete next[field]
      return next
    })
    setProblem(null)
  }

  const show = (found: MassErrors) => {
    setErrors(found)
    const field = firstError(found)
    const target = field ? refs.current[field] : null
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }

  const submit = async () => {
    const found = draftErrors(draft, media, nowSeconds(), reach)
    if (firstError(found)) return show(found)
    try {
      const answer = await create.mutateAsync(createPayload(draft, media.ids, clientId))
      void navigate(massSuccessPath(answer.mass.mass_id), { replace: true })
    } catch (error) {
      const placed = serverErrors(error)
      // Sending now, a refusal about the time (one per 6 hours) belongs next to the button.
      if (placed?.send_at && !draft.schedule) setProblem(placed.send_at)
      else if (placed) show(placed)
      else if (isApiError(error) && error.code === ErrorCodes.CreatorNotVerified.code)
        setProblem(`${error.message} Mass messages need a verified identity.`)
      else setProblem(messageOf(error))
    }
  }

  const count = reach?.count ?? 0
  const label = draft.schedule
    ? 'Schedule'
    : reach && count > 0
      ? `Send to ${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'}`
      : 'Send'

  return (
    <form
      className="v-compose v-mass-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <PillTabs
        label="What to send"
        options={KIND_TABS}
        value={isMessage ? 'message' : 'post'}
        onChange={(value) =>
          update({ kind: value === 'message' ? MassKind.Message : MassKind.Post }, [
            'media',
            'post_id',
            'price',
          ])
        }
      />

      <div ref={refOf('audience')}>
        <AudiencePicker
          draft={draft}
          onChange={(change) => update(change, ['audience'])}
          error={errors.audience}
        />
      </div>

      {isMessage ? null : (
        <div ref={refOf('post_id')}>
          <PostPicker
            value={draft.postId}
            onChange={(postId) => update({ postId }, ['post_id'])}
            error={errors.post_id}
          />
        </div>
      )}

      <div className="v-field v-mass-text" data-invalid={errors.text ? '' : undefined}>
        <div className="v-caption__labels">
          <label className="v-field__label" htmlFor="v-mass-text">
            {isMessage ? 'Message' : 'Add a note (optional)'}
          </label>
          <span className="v-caption__counter" data-over={draft.text.length > MassRules.textMax || undefined}>
            {draft.text.length} / {MassRules.textMax}
          </span>
        </div>
        <textarea
          id="v-mass-text"
          ref={refOf('text')}
          className="v-mass-text__input"
          rows={4}
          placeholder={isMessage ? 'Write to your fans…' : 'Tell fans why they will love it'}
          value={draft.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'v-mass-text-error' : undefined}
          onChange={(event) => update({ text: event.target.value }, ['text'])}
        />
        <FieldMessage id="v-mass-text-error" error={errors.text} />
      </div>

      {isMessage ? (
        <div ref={refOf('media')}>
          <MediaSection
            forMessage
            max={MassRules.mediaMax}
            media={media.media}
            coverKey={undefined}
            sourceOf={(item) => ({ upload: media.uploads.get(item.key), saved: undefined })}
            error={errors.media}
            canAdd={media.queue !== null}
            onAdd={(files) => {
              media.add(files)
              update({}, ['media', 'text'])
            }}
            onMove={(from, to) =>
              media.setMedia((all) => {
                const next = [...all]
                const [moved] = next.splice(from, 1)
                if (moved) next.splice(to, 0, moved)
                return next
              })
            }
            onCover={() => undefined}
            onFreePreview={() => undefined}
            onRemove={(key) => {
              media.queue?.remove(key)
              media.setMedia((all) => all.filter((item) => item.key !== key))
            }}
            onPause={(key) => media.queue?.pause(key)}
            onResume={(key) => media.queue?.resume(key)}
            onRetry={(key) => media.queue?.retry(key)}
          />
        </div>
      ) : null}

      {isMessage ? (
        <section className="v-compose__section" aria-label="Price">
          <div className="v-compose__card">
            <SwitchRow
              icon={<Lock />}
              title="Pay to unlock"
              description={draft.ppv ? MassTexts.ppvRule : 'Off: the photos and videos are free to see.'}
              checked={draft.ppv}
              onChange={(ppv) => update({ ppv }, ['price'])}
            />
          </div>
          {draft.ppv ? (
            <div ref={refOf('price')}>
              <TextField
                label="Price"
                inputMode="numeric"
                autoComplete="off"
                placeholder="e.g. 50"
                value={draft.price}
                onChange={(event) => update({ price: event.target.value.replace(/[^\d]/g, '') }, ['price'])}
                leading={<Coins className="v-audience__coin" />}
                trailing={<span className="v-audience__unit">coins</span>}
                error={errors.price}
                hint={`${Posts.priceMin}–${Posts.priceMax.toLocaleString('en-US')} coins.`}
              />
            </div>
          ) : null}
        </section>
      ) : null}

      <section className="v-compose__section" aria-label="When to send">
        <div className="v-compose__card">
          <SwitchRow
            icon={<CalendarClock />}
            title="Schedule for later"
            description={
              draft.schedule ? 'It goes out by itself at the time you pick.' : 'Off: it goes out now.'
            }
            checked={draft.schedule}
            onChange={(schedule) =>
              update({ schedule, sendAt: draft.sendAt || localInput(nowSeconds() + 3600) }, ['send_at'])
            }
          />
        </div>
        {draft.schedule ? (
          <div ref={refOf('send_at')}>
            <TextField
              type="datetime-local"
              label="Date and time"
              value={draft.sendAt}
              min={localInput(nowSeconds() + MassRules.scheduleMinLeadSeconds)}
              max={localInput(nowSeconds() + MassRules.scheduleMaxDays * 86_400)}
              onChange={(event) => update({ sendAt: event.target.value }, ['send_at'])}
              error={errors.send_at}
              hint={`Your time zone: ${timeZoneLabel()}`}
            />
          </div>
        ) : errors.send_at ? (
          <FieldMessage id="v-mass-when-error" error={errors.send_at} />
        ) : null}
      </section>

      <div className="v-compose__actions">
        {problem ? <Alert>{problem}</Alert> : null}
        <p className="v-compose__actions-note">{MassTexts.limitRule}</p>
        <Button
          type="submit"
          block
          loading={create.isPending}
          icon={draft.schedule ? <CalendarClock /> : isMessage ? <Send /> : <MessageSquareText />}
        >
          {label}
        </Button>
      </div>
    </form>
  )
}
