import './PillTabs.css'

/** A row of pill-shaped tabs (filters of a list): one is selected; it scrolls sideways on a narrow screen. */
export function PillTabs<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** Names the tab row for screen readers. */
  label: string
  options: ReadonlyArray<{ value: V; label: string }>
  value: V
  onChange: (value: V) => void
}) {
  return (
    <div className="v-pill-tabs" role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={value === option.value}
          className="v-pill-tab"
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
