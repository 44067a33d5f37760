import { CalendarClock } from 'lucide-react'
import type { Ref } from 'react'
import { SwitchRow } from '../../ui/SwitchRow.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { scheduleBounds } from './composer-rules.ts'
import { timeZoneLabel } from './time-format.ts'
import '../../ui/screen-kit.css'
import '../../ui/form-kit.css'

/**
 * Publish now, or at a time: a switch, then the date and time in the creator's own time zone (named under
 * the field), never in the past (spec §5).
 */
export function ScheduleField({
  schedule,
  publishAt,
  nowSeconds,
  onSchedule,
  onPublishAt,
  error,
  inputRef,
}: {
  schedule: boolean
  publishAt: string
  nowSeconds: number
  onSchedule(on: boolean): void
  onPublishAt(value: string): void
  error: string | undefined
  inputRef?: Ref<HTMLInputElement>
}) {
  const { min, max } = scheduleBounds(nowSeconds)
  return (
    <section className="v-compose__section" aria-label="When to publish">
      <div className="v-compose__card">
        <SwitchRow
          icon={<CalendarClock />}
          title="Schedule for later"
          description={
            schedule
              ? 'It publishes by itself at the time you pick.'
              : 'Off: it publishes as soon as you tap Publish.'
          }
          checked={schedule}
          onChange={onSchedule}
        />
      </div>
      {schedule ? (
        <TextField
          ref={inputRef}
          type="datetime-local"
          label="Date and time"
          className="v-schedule__when"
          value={publishAt}
          min={min}
          max={max}
          required
          onChange={(event) => onPublishAt(event.target.value)}
          error={error}
          hint={`Your time zone: ${timeZoneLabel()}`}
        />
      ) : null}
    </section>
  )
}
