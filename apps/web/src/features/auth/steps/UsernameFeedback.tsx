import { ErrorCodes, usernameRules } from '@velvet/contract'
import { Check, Circle, CircleCheck, CircleX, X } from 'lucide-react'
import { Spinner } from '../../../ui/Spinner.tsx'
import './UsernameStep.css'

/** Where the live availability check of a username stands (null: not checked). */
export type Availability = 'checking' | 'available' | 'taken' | null

/** The icon at the end of a username field. */
export function AvailabilityIcon({ status }: { status: Availability }) {
  if (status === 'checking') return <Spinner size="sm" label="Checking" />
  if (status === 'available')
    return <CircleCheck className="v-availability" data-state="available" aria-hidden="true" />
  if (status === 'taken') return <CircleX className="v-availability" data-state="taken" aria-hidden="true" />
  return null
}

/** The line under a username field. */
export function AvailabilityText({ status }: { status: Availability }) {
  if (status === 'available') {
    return (
      <span className="v-availability" data-state="available">
        This username is available.
      </span>
    )
  }
  if (status === 'taken') {
    return (
      <span className="v-availability" data-state="taken">
        {ErrorCodes.UsernameTaken.message}
      </span>
    )
  }
  if (status === 'checking') return <span className="v-availability">Checking availability…</span>
  return null
}

/** The contract's username rules, each ticked or crossed as the user types (sign-up and edit profile). */
export function UsernameRules({ value }: { value: string }) {
  return (
    <ul className="v-rules" aria-label="Username rules">
      {usernameRules.map((rule) => {
        const state = value === '' ? 'idle' : rule.test(value) ? 'pass' : 'fail'
        const Icon = state === 'pass' ? Check : state === 'fail' ? X : Circle
        return (
          <li key={rule.id} data-state={state}>
            <Icon aria-hidden="true" />
            <span>{rule.message}</span>
            <span className="v-visually-hidden">
              {state === 'pass' ? '(met)' : state === 'fail' ? '(not met)' : ''}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
