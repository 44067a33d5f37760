import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import '../../ui/TextField.css'
import './edit-profile.css'

/** A labelled multi-line field with the text field's look, a character counter and error/hint wiring. */
export function TextAreaField({
  label,
  hint,
  error,
  counter,
  id,
  ...textarea
}: ComponentPropsWithRef<'textarea'> & {
  label: string
  hint?: ReactNode
  error?: string | undefined
  /** e.g. "12 / 1000", shown at the label's end. */
  counter?: { text: string; over: boolean }
}) {
  const autoId = useId()
  const fieldId = id ?? `area-${autoId}`
  const messageId = `${fieldId}-message`
  return (
    <div className="v-field" data-invalid={error ? '' : undefined}>
      <div className="v-textarea__labels">
        <label className="v-field__label" htmlFor={fieldId}>
          {label}
        </label>
        {counter ? (
          <span className="v-textarea__counter" data-over={counter.over || undefined} aria-hidden="true">
            {counter.text}
          </span>
        ) : null}
      </div>
      <div className="v-field__control v-textarea">
        <textarea
          {...textarea}
          id={fieldId}
          className="v-field__input v-textarea__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  )
}
