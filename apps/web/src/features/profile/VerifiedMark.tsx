import { BadgeCheck } from 'lucide-react'
import './VerifiedMark.css'

/** The verified badge of a creator who passed identity verification. */
export function VerifiedMark({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <span
      className={`v-verified v-verified--${size}`}
      role="img"
      aria-label="Verified creator"
      title="Verified creator"
    >
      <BadgeCheck aria-hidden="true" />
    </span>
  )
}
