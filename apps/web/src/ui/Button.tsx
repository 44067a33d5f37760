import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react'
import { Spinner } from './Spinner.tsx'
import './Button.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'md' | 'lg'

export function buttonClassName(
  options: {
    variant?: ButtonVariant
    size?: ButtonSize
    block?: boolean
    className?: string | undefined
  } = {},
): string {
  const { variant = 'primary', size = 'lg', block = false, className } = options
  return [
    'v-button',
    `v-button--${variant}`,
    `v-button--${size}`,
    block ? 'v-button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ')
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
  loading?: boolean
  /** spec §5: while loading, clicks are ignored unless this is turned off. */
  lockWhenLoading?: boolean
  icon?: ReactNode
}

/** A button that ignores clicks while disabled or loading, keeps its size while loading, and shows focus. */
export function Button({
  variant,
  size,
  block,
  loading = false,
  lockWhenLoading = true,
  icon,
  className,
  children,
  onClick,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  const locked = loading && lockWhenLoading
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (disabled || locked) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-disabled={locked || undefined}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, block, className })}
      data-loading={loading || undefined}
      onClick={handleClick}
    >
      <span className="v-button__content">
        {icon ? (
          <span className="v-button__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {children}
      </span>
      {loading ? (
        <span className="v-button__spinner">
          <Spinner size="sm" label="Loading" />
        </span>
      ) : null}
    </button>
  )
}
