import { ChevronDown } from 'lucide-react'
import { type Ref, useEffect, useId, useState } from 'react'
import { FieldMessage } from './FieldMessage.tsx'
import './DateField.css'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

interface Parts {
  year: string
  month: string
  day: string
}

const pad = (n: number) => String(n).padStart(2, '0')

function partsOf(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  return match
    ? { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' }
    : { year: '', month: '', day: '' }
}

export interface DateFieldProps {
  label: string
  /** YYYY-MM-DD, or '' while incomplete. */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string | undefined
  hint?: string
  /** Latest selectable year (defaults to this year). */
  maxYear?: number
  minYear?: number
  ref?: Ref<HTMLSelectElement>
}

/**
 * A calendar date as three native selects (month, day, year): no typing format to guess, the platform's
 * own picker on phones, and keyboard friendly. Emits YYYY-MM-DD once all three are chosen, else ''.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  maxYear = new Date().getFullYear(),
  minYear = 1900,
  ref,
}: DateFieldProps) {
  const id = `date-${useId()}`
  const messageId = `${id}-message`
  const [parts, setParts] = useState<Parts>(() => partsOf(value))

  useEffect(() => {
    if (value) setParts(partsOf(value))
  }, [value])

  const update = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch }
    setParts(next)
    onChange(next.year && next.month && next.day ? `${next.year}-${next.month}-${next.day}` : '')
  }

  const years: number[] = []
  for (let y = maxYear; y >= minYear; y--) years.push(y)
  const describedBy = error || hint ? messageId : undefined

  return (
    <fieldset className="v-fieldset" data-invalid={error ? '' : undefined} aria-describedby={describedBy}>
      <legend className="v-fieldset__legend">{label}</legend>
      <div className="v-date">
        <Select
          ref={ref}
          label="Month"
          value={parts.month}
          onChange={(month) => update({ month })}
          onBlur={onBlur}
          invalid={Boolean(error)}
          options={MONTHS.map((name, index) => ({ value: pad(index + 1), label: name }))}
        />
        <Select
          label="Day"
          value={parts.day}
          onChange={(day) => update({ day })}
          onBlur={onBlur}
          invalid={Boolean(error)}
          options={Array.from({ length: 31 }, (_, i) => ({ value: pad(i + 1), label: String(i + 1) }))}
        />
        <Select
          label="Year"
          value={parts.year}
          onChange={(year) => update({ year })}
          onBlur={onBlur}
          invalid={Boolean(error)}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </fieldset>
  )
}

function Select({
  label,
  value,
  onChange,
  onBlur,
  options,
  invalid,
  ref,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  onBlur?: (() => void) | undefined
  options: { value: string; label: string }[]
  invalid: boolean
  ref?: Ref<HTMLSelectElement> | undefined
}) {
  const id = `select-${useId()}`
  return (
    <div className="v-date__part">
      <label className="v-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="v-date__select"
        value={value}
        aria-invalid={invalid || undefined}
        data-empty={value ? undefined : ''}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="" disabled>
          {label}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown className="v-date__chevron" aria-hidden="true" />
    </div>
  )
}
