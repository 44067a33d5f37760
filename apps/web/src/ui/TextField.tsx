import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { FieldMessage } from './FieldMessage.tsx'
import './TextField.css'

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: string
  /** Shown under the field while there is no error. */
  hint?: ReactNode
  error?: string | undefined
  /** An icon at the start of the field. */
  leading?: ReactNode
  /** Content at the end of the field (a status icon, a button). */
  trailing?: ReactNode
  /** Visually hide the label (it stays for assistive tech). */
  hideLabel?: boolean
}

/** A labelled text input with hint and error wired to aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  leading,
  trailing,
  hideLabel = false,
  id,
  className,
  ...input
}: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? `field-${autoId}`
  const messageId = `${inputId}-message`
  return (
    <div
      className={['v-field', className ?? ''].filter(Boolean).join(' ')}
      data-invalid={error ? '' : undefined}
    >
      <label className={hideLabel ? 'v-visually-hidden' : 'v-field__label'} htmlFor={inputId}>
        {label}
      </label>
      <div className="v-field__control">
        {leading ? (
          <span className="v-field__leading" aria-hidden="true">
            {leading}
          </span>
        ) : null}
        <input
          {...input}
          id={inputId}
          className="v-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
        />
        {trailing ? <span className="v-field__trailing">{trailing}</span> : null}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  )
}
