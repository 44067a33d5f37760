import { type ReactNode, useId } from 'react'
import './screen-kit.css'

export interface SwitchRowProps {
  title: string
  description?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  /** The change is on its way: the row shows it and ignores taps (it stays focusable). */
  busy?: boolean
  icon?: ReactNode
}

/**
 * A settings row that is one big switch (role="switch"): the whole row is the touch target, the title
 * names it and the description describes it.
 */
export function SwitchRow({ title, description, checked, onChange, busy = false, icon }: SwitchRowProps) {
  const id = useId()
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      className="v-set-row v-set-row--switch"
      onClick={() => {
        if (!busy) onChange(!checked)
      }}
    >
      {icon ? (
        <span className="v-set-row__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span className="v-set-row__text">
        <span id={`${id}-title`} className="v-set-row__title">
          {title}
        </span>
        {description ? (
          <span id={`${id}-description`} className="v-set-row__hint">
            {description}
          </span>
        ) : null}
      </span>
      <span className="v-set-switch" data-on={checked || undefined} aria-hidden="true">
        <span className="v-set-switch__thumb" />
      </span>
    </button>
  )
}
