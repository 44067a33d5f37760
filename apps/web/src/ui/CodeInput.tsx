import { type ClipboardEvent, type Ref, useId, useState } from 'react'
import { FieldMessage } from './FieldMessage.tsx'
import './CodeInput.css'

export interface CodeInputProps {
  label: string
  value: string
  onChange: (value: string) => void
  /** Called once all digits are in (typed, pasted or autofilled). */
  onComplete?: (value: string) => void
  length?: number
  error?: string | undefined
  hint?: string
  disabled?: boolean
  /** While a code is being checked: keeps focus (unlike disabled) but takes no input. */
  readOnly?: boolean
  autoFocus?: boolean
  name?: string
  ref?: Ref<HTMLInputElement>
  onBlur?: () => void
}

const digitsOf = (raw: string, length: number) => raw.replace(/\D/g, '').slice(0, length)

/**
 * A one-time-code input: one real <input> (so paste, SMS/e-mail autofill and screen readers work) drawn
 * as a row of digit boxes. Pasting "123 456" or "Code: 123456" keeps the digits.
 */
export function CodeInput({
  label,
  value,
  onChange,
  onComplete,
  length = 6,
  error,
  hint,
  disabled,
  readOnly,
  autoFocus,
  name,
  ref,
  onBlur,
}: CodeInputProps) {
  const id = `code-${useId()}`
  const messageId = `${id}-message`
  const [focused, setFocused] = useState(false)

  const update = (raw: string) => {
    const next = digitsOf(raw, length)
    onChange(next)
    if (next.length === length && next !== value) onComplete?.(next)
  }

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    if (readOnly || disabled) return
    update(event.clipboardData.getData('text'))
  }

  const active = Math.min(value.length, length - 1)
  return (
    <div className="v-code" data-invalid={error ? '' : undefined}>
      <label className="v-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="v-code__row">
        <input
          ref={ref}
          id={id}
          name={name}
          className="v-code__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          spellCheck={false}
          value={value}
          disabled={disabled}
          readOnly={readOnly}
          // biome-ignore lint/a11y/noAutofocus: the code step exists to type this code
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          onChange={(event) => update(event.target.value)}
          onPaste={handlePaste}
          onFocus={(event) => {
            setFocused(true)
            const end = event.currentTarget.value.length
            event.currentTarget.setSelectionRange(end, end)
          }}
          onBlur={() => {
            setFocused(false)
            onBlur?.()
          }}
        />
        {Array.from({ length }, (_, index) => {
          const digit = value[index] ?? ''
          const isActive = focused && index === active && !(value.length === length && index < length - 1)
          return (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: boxes are positions, not items
              key={index}
              className="v-code__box"
              data-filled={digit ? '' : undefined}
              data-active={isActive ? '' : undefined}
              aria-hidden="true"
            >
              {digit}
              {isActive && !digit ? <span className="v-code__caret" /> : null}
            </span>
          )
        })}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  )
}
