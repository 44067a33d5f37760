import { type BlockedLocation, locationLabel } from '@velvet/contract'
import { ChevronLeft, ChevronRight, Globe, MapPin, Search, TriangleAlert } from 'lucide-react'
import { type ReactNode, useMemo, useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { Tag } from '../../ui/Rows.tsx'
import { TextField } from '../../ui/TextField.tsx'
import {
  blockStatus,
  countryChoices,
  type Place,
  type PlaceChoice,
  placeCovers,
  searchChoices,
  stateChoices,
} from './location-rules.ts'
import { useAddBlockedLocation } from './safety.queries.ts'

type Stage = { kind: 'country' } | { kind: 'state' } | { kind: 'confirm'; place: Place }

export interface CurrentPlace extends Place {
  label: string
}

const US = 'US'

/**
 * "Add location": pick a country (searchable), for the United States the whole country or one state, then
 * confirm. Places already blocked are marked and cannot be picked; the server's 3010 is shown if it races.
 */
export function AddLocationSheet({
  open,
  onClose,
  blocked,
  current,
  onAdded,
}: {
  open: boolean
  onClose: () => void
  blocked: readonly BlockedLocation[]
  current: CurrentPlace | null
  onAdded: (location: BlockedLocation) => void
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'country' })
  const [search, setSearch] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const add = useAddBlockedLocation()

  const reset = () => {
    setStage({ kind: 'country' })
    setSearch('')
    setError(null)
  }
  const close = () => {
    reset()
    onClose()
  }
  const go = (next: Stage) => {
    setStage(next)
    setSearch('')
    setError(null)
  }

  const save = async (place: Place) => {
    if (saving) return
    setSaving(true)
    setError(null)
    try {
      const { location } = await add.mutateAsync(place)
      onAdded(location)
      reset()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setSaving(false)
    }
  }

  let title = 'Block a country'
  if (stage.kind === 'state') title = 'United States'
  if (stage.kind === 'confirm') title = 'Block this location?'

  return (
    <BottomSheet open={open} onClose={close} title={title}>
      {stage.kind === 'country' ? (
        <Picker
          label="Search countries"
          search={search}
          onSearch={setSearch}
          choices={countryChoices()}
          statusOf={(choice) =>
            choice.code === US ? null : blockStatus(blocked, { country: choice.code, region: null })
          }
          drillsDown={(choice) => choice.code === US}
          onPick={(choice) =>
            go(
              choice.code === US
                ? { kind: 'state' }
                : { kind: 'confirm', place: { country: choice.code, region: null } },
            )
          }
        />
      ) : null}
      {stage.kind === 'state' ? (
        <>
          <button type="button" className="v-loc-back" onClick={() => go({ kind: 'country' })}>
            <ChevronLeft aria-hidden="true" />
            All countries
          </button>
          <Picker
            label="Search states"
            search={search}
            onSearch={setSearch}
            choices={stateChoices()}
            whole={{
              name: 'Entire United States',
              status: blockStatus(blocked, { country: US, region: null }),
              onPick: () => go({ kind: 'confirm', place: { country: US, region: null } }),
            }}
            statusOf={(choice) => blockStatus(blocked, { country: US, region: choice.code })}
            onPick={(choice) => go({ kind: 'confirm', place: { country: US, region: choice.code } })}
          />
        </>
      ) : null}
      {stage.kind === 'confirm' ? (
        <Confirm
          place={stage.place}
          current={current}
          error={error}
          saving={saving}
          onBlock={() => void save(stage.place)}
          onBack={() => go(stage.place.country === US ? { kind: 'state' } : { kind: 'country' })}
        />
      ) : null}
    </BottomSheet>
  )
}

const statusText = { blocked: 'Blocked', covered: 'Covered' } as const

function Picker({
  label,
  search,
  onSearch,
  choices,
  statusOf,
  drillsDown,
  onPick,
  whole,
}: {
  label: string
  search: string
  onSearch: (value: string) => void
  choices: readonly PlaceChoice[]
  statusOf: (choice: PlaceChoice) => 'blocked' | 'covered' | null
  drillsDown?: (choice: PlaceChoice) => boolean
  onPick: (choice: PlaceChoice) => void
  whole?: { name: string; status: 'blocked' | 'covered' | null; onPick: () => void }
}) {
  const found = useMemo(() => searchChoices(choices, search), [choices, search])
  return (
    <div className="v-loc-picker">
      <div className="v-loc-picker__search">
        <TextField
          label={label}
          hideLabel
          placeholder={label}
          type="search"
          autoComplete="off"
          leading={<Search />}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <ul className="v-loc-list" aria-label={label.replace('Search ', 'Matching ')}>
        {whole && !search.trim() ? (
          <li>
            <ChoiceButton name={whole.name} icon={<Globe />} status={whole.status} onPick={whole.onPick} />
          </li>
        ) : null}
        {found.map((choice) => (
          <li key={choice.code}>
            <ChoiceButton
              name={choice.name}
              status={statusOf(choice)}
              drillsDown={drillsDown?.(choice) ?? false}
              onPick={() => onPick(choice)}
            />
          </li>
        ))}
      </ul>
      {found.length === 0 ? <p className="v-loc-none">Nothing matches “{search.trim()}”.</p> : null}
    </div>
  )
}

function ChoiceButton({
  name,
  icon,
  status,
  drillsDown = false,
  onPick,
}: {
  name: string
  icon?: ReactNode
  status: 'blocked' | 'covered' | null
  drillsDown?: boolean
  onPick: () => void
}) {
  return (
    <button type="button" className="v-loc-choice" disabled={status !== null} onClick={onPick}>
      {icon ? (
        <span className="v-loc-choice__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="v-loc-choice__name">{name}</span>
      {status ? <Tag>{statusText[status]}</Tag> : null}
      {drillsDown ? <ChevronRight aria-hidden="true" className="v-loc-choice__chevron" /> : null}
    </button>
  )
}

function Confirm({
  place,
  current,
  error,
  saving,
  onBlock,
  onBack,
}: {
  place: Place
  current: CurrentPlace | null
  error: string | null
  saving: boolean
  onBlock: () => void
  onBack: () => void
}) {
  const label = locationLabel(place.country, place.region)
  return (
    <div className="v-loc-confirm">
      <p className="v-loc-confirm__place">
        <MapPin aria-hidden="true" />
        {label}
      </p>
      <p className="v-loc-confirm__text">
        Visitors from {label} will see “Sorry, the profile or page does not exist.” instead of your profile,
        posts and media.
      </p>
      {placeCovers(place, current) && current ? (
        <p className="v-set-note v-set-note--warning">
          <TriangleAlert aria-hidden="true" />
          <span>
            You’re browsing from <strong>{current.label}</strong> right now. Visitors from there will not see
            your profile; you always see your own.
          </span>
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <Button block loading={saving} onClick={onBlock}>
        Block {label}
      </Button>
      <Button variant="ghost" block onClick={onBack}>
        Choose another place
      </Button>
    </div>
  )
}
