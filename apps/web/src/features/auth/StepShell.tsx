import { ChevronLeft } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { Logo } from '../../ui/Logo.tsx'
import './StepShell.css'

/** Header, title and body of one sign-in / sign-up step. The title takes focus when the step opens. */
export function StepShell({
  title,
  description,
  onBack,
  progress,
  children,
}: {
  title: string
  description?: ReactNode
  onBack?: (() => void) | undefined
  /** Sign-up progress: current step and total. */
  progress?: { current: number; total: number }
  children: ReactNode
}) {
  const titleRef = useRef<HTMLHeadingElement>(null)
  const sectionRef = useRef<HTMLElement>(null)
  useEffect(() => {
    // Announce the new step, unless one of its fields already took focus (autoFocus).
    if (!sectionRef.current?.contains(document.activeElement))
      titleRef.current?.focus({ preventScroll: true })
  }, [])

  return (
    <section ref={sectionRef} className="v-step" aria-labelledby="step-title">
      <div className="v-step__bar" data-empty={onBack ? undefined : ''}>
        {onBack ? (
          <button type="button" className="v-icon-button" onClick={onBack} aria-label="Back">
            <ChevronLeft aria-hidden="true" />
          </button>
        ) : (
          <span className="v-step__bar-spacer" />
        )}
        <span className="v-step__bar-logo">
          <Logo size="sm" />
        </span>
        <span className="v-step__bar-spacer" />
      </div>
      {progress ? (
        <div
          className="v-progress"
          role="progressbar"
          aria-label="Sign-up progress"
          aria-valuemin={1}
          aria-valuemax={progress.total}
          aria-valuenow={progress.current}
          aria-valuetext={`Step ${progress.current} of ${progress.total}`}
        >
          {Array.from({ length: progress.total }, (_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments
              key={index}
              className="v-progress__segment"
              data-done={index < progress.current ? '' : undefined}
            />
          ))}
        </div>
      ) : null}
      <header className="v-step__header">
        <h1 id="step-title" className="v-step__title" ref={titleRef} tabIndex={-1}>
          {title}
        </h1>
        {description ? <p className="v-step__description">{description}</p> : null}
      </header>
      <div className="v-step__body">{children}</div>
    </section>
  )
}
