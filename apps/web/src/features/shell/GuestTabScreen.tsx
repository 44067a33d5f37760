import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { loginWithRedirect } from '../auth/index.ts'

/** A tab a guest cannot use yet: its title, what it is for, and sign-in that comes back to `path`. */
export function GuestTabScreen({
  title,
  icon,
  heading,
  text,
  path,
}: {
  title: string
  icon: ReactNode
  heading: string
  text: string
  path: string
}) {
  return (
    <div className="v-screen">
      <ScreenBar title={title} back={false} />
      <div className="v-screen__body">
        <EmptyState
          icon={icon}
          title={heading}
          text={text}
          action={
            <Link to={loginWithRedirect(path)} className={buttonClassName({ size: 'md' })}>
              Sign in
            </Link>
          }
        />
      </div>
    </div>
  )
}
