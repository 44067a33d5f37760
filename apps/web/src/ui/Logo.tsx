import { PRODUCT_NAME } from '@velvet/contract'
import { useId } from 'react'
import './Logo.css'

/** The Velvet mark (a folded "V" ribbon) and, optionally, the wordmark. */
export function Logo({ size = 'md', wordmark = true }: { size?: 'sm' | 'md' | 'lg'; wordmark?: boolean }) {
  const gradientId = `v-logo-${useId()}`
  return (
    <span className={`v-logo v-logo--${size}`}>
      <svg className="v-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" style={{ stopColor: 'var(--color-brand-light)' }} />
            <stop offset="0.55" style={{ stopColor: 'var(--color-accent)' }} />
            <stop offset="1" style={{ stopColor: 'var(--color-brand-deep)' }} />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <path className="v-logo__stroke" d="M8.5 9.5 16 23.5l7.5-14" strokeWidth="3.2" />
        <path className="v-logo__stroke v-logo__stroke--soft" d="M12.6 9.5 16 15.9l3.4-6.4" strokeWidth="2" />
      </svg>
      {wordmark ? (
        <span className="v-logo__word">{PRODUCT_NAME}</span>
      ) : (
        <span className="v-visually-hidden">{PRODUCT_NAME}</span>
      )}
    </span>
  )
}
