import { type MassAudienceKind, MassAudienceKinds, MassAudienceLabels, SpentLevels } from '@velvet/contract'
import { Crown, Gem, History, ListChecks, UsersRound } from 'lucide-react'
import { type ComponentType, useId } from 'react'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import { useUserLists } from '../people/index.ts'
import { useAudienceCount } from './mass.queries.ts'
import { audienceOf, type MassDraft } from './mass-rules.ts'
import '../../ui/form-kit.css'

const ICONS: Record<MassAudienceKind, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  followers: UsersRound,
  members: Crown,
  expired_members: History,
  spenders: Gem,
  lists: ListChecks,
}

type AudienceDraft = Pick<MassDraft, 'audience' | 'spentLevel' | 'listIds'>

/** The live reach of the audience: the count the server finds now, and the limit. */
export function useReach(draft: AudienceDraft) {
  const audience = audienceOf(draft)
  const query = useAudienceCount(audience)
  return { audience, query, reach: audience && query.data ? query.data : undefined }
}

/**
 * Who receives the message: followers, members, expired members, spenders from a level up, or the creator's
 * lists; with the number of people it reaches right now (blocked and deleted accounts left out).
 */
export function AudiencePicker({
  draft,
  onChange,
  error,
}: {
  draft: AudienceDraft
  onChange(change: Partial<AudienceDraft>): void
  error: string | undefined
}) {
  const name = useId()
  const messageId = useId()
  const { audience, query, reach } = useReach(draft)
  const lists = useUserLists()
  const over = reach !== undefined && reach.count > reach.max

  return (
    <fieldset className="v-compose__section v-audience" aria-describedby={error ? messageId : undefined}>
      <legend className="v-compose__title">Who gets it</legend>
      <div className="v-audience__options v-mass-audience">
        {MassAudienceKinds.map((kind) => {
          const Icon = ICONS[kind]
          return (
            <label key={kind} className="v-audience__option">
              <input
                type="radio"
                name={name}
                value={kind}
                checked={draft.audience === kind}
                onChange={() => onChange({ audience: kind })}
                className="v-audience__radio"
              />
              <span className="v-audience__icons" aria-hidden="true">
                <Icon aria-hidden />
              </span>
              <span className="v-audience__title">{MassAudienceLabels[kind].title}</span>
              <span className="v-audience__text">{MassAudienceLabels[kind].hint}</span>
            </label>
          )
        })}
      </div>

      {draft.audience === 'spenders' ? (
        <fieldset className="v-mass-chips">
          <legend className="v-visually-hidden">Spent with you in the last 30 days</legend>
          {SpentLevels.slice(1).map((level) => (
            <label
              key={level.level}
              className="v-mass-chip"
              data-on={draft.spentLevel === level.level || undefined}
            >
              <input
                type="radio"
                name={`${name}-level`}
                className="v-visually-hidden"
                checked={draft.spentLevel === level.level}
                onChange={() => onChange({ spentLevel: level.level })}
              />
              {level.level === 1 ? 'Any amount' : level.label}
            </label>
          ))}
        </fieldset>
      ) : null}

      {draft.audience === 'lists' ? (
        lists.isPending ? (
          <p className="v-compose__hint">Loading your lists…</p>
        ) : (lists.data?.lists.length ?? 0) === 0 ? (
          <p className="v-compose__hint">You have no lists yet. Make one in Creator tools › Lists.</p>
        ) : (
          <fieldset className="v-mass-chips">
            <legend className="v-visually-hidden">Your lists</legend>
            {lists.data?.lists.map((list) => {
              const on = draft.listIds.includes(list.list_id)
              return (
                <label key={list.list_id} className="v-mass-chip" data-on={on || undefined}>
                  <input
                    type="checkbox"
                    className="v-visually-hidden"
                    checked={on}
                    onChange={() =>
                      onChange({
                        listIds: on
                          ? draft.listIds.filter((id) => id !== list.list_id)
                          : [...draft.listIds, list.list_id],
                      })
                    }
                  />
                  {list.name}
                  <span className="v-mass-chip__count">{list.member_count}</span>
                </label>
              )
            })}
          </fieldset>
        )
      ) : null}

      <p className="v-mass-reach" aria-live="polite" data-over={over || undefined}>
        {audience === null ? (
          'Choose at least one list.'
        ) : reach === undefined ? (
          query.isError ? (
            'Could not count this audience.'
          ) : (
            'Counting…'
          )
        ) : (
          <>
            Reaches <strong data-testid="mass-reach">{reach.count.toLocaleString('en-US')}</strong>{' '}
            {reach.count === 1 ? 'person' : 'people'}
            <span className="v-mass-reach__max"> · up to {reach.max.toLocaleString('en-US')}</span>
          </>
        )}
      </p>
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  )
}
