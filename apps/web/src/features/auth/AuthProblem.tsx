import { ChevronLeft, CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { Logo } from '../../ui/Logo.tsx'
import { AuthLayout } from './AuthLayout.tsx'

/** A sign-in screen that could not go on (Google unavailable or failed): what happened, and the way back. */
export function AuthProblem({
  title,
  text,
  alert = false,
  backTo,
  replace = false,
}: {
  title: string
  text: string
  /** Announce the text to assistive technology (an error that just happened). */
  alert?: boolean
  backTo: string
  replace?: boolean
}) {
  return (
    <AuthLayout>
      <div className="v-status">
        <span className="v-status__logo">
          <Logo size="md" />
        </span>
        <span className="v-status__icon" aria-hidden="true">
          <CircleAlert />
        </span>
        <h1 className="v-status__title">{title}</h1>
        <p className="v-status__text" role={alert ? 'alert' : undefined}>
          {text}
        </p>
        <div className="v-status__actions">
          <Link to={backTo} replace={replace} className={buttonClassName({ block: true })}>
            <ChevronLeft aria-hidden="true" />
            Back to sign in
          </Link>
        </div>
      </div>
    </AuthLayout>
  )
}
