import type { ComponentPropsWithRef, ReactNode } from 'react'
// The text field's frame first: the select's own rules below override some of it.
import './TextField.css'
import './SelectField.css'

/**
 * A labelled native select in the text field's frame (label, control, error under it). Its id is
 * `${idPrefix}-${name}`, so a form's fields keep readable ids.
 */
export function SelectField({
  label,
  error,
  children,
  idPrefix = 'select',
  ...select
}: {
  label: string
  error?: string | undefined
  children: ReactNode
  idPrefix?: string
} & ComponentPropsWithRef<'select'>) {
  const id = `${idPrefix}-${select.name}`
  return (
    <div className="v-field" data-invalid={error ? '' : undefined}>
      <label className="v-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="v-field__control">
        <select
          id={id}
          className="v-field__input v-select"
          aria-invalid={error ? true : undefined}
          {...select}
        >
          {children}
        </select>
      </div>
      {error ? (
        <p className="v-field__message v-field__message--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
