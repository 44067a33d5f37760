import { useQuery } from '@tanstack/react-query'
import { Social, usernameCheck } from '@velvet/contract'
import type { ComponentPropsWithRef } from 'react'
import { api } from '../../lib/api/index.ts'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { Alert } from '../../ui/Alert.tsx'
import { TextField } from '../../ui/TextField.tsx'
import {
  type Availability,
  AvailabilityIcon,
  AvailabilityText,
  authKeys,
  UsernameRules,
} from '../auth/index.ts'
import { needsAvailabilityCheck } from './edit-rules.ts'
import './edit-profile.css'

/** The sign-up step's availability query (same key, so both share answers). */
export function availabilityQuery(userName: string) {
  return {
    queryKey: authKeys.usernameCheck(userName.toLowerCase()),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(usernameCheck, { user_name: userName }, { signal }),
    staleTime: 30_000,
  }
}

/** Live availability of a new username, checked 400 ms after typing stops. */
export function useUsernameAvailability(current: string, value: string): Availability {
  const debounced = useDebouncedValue(value, 400)
  const check = useQuery({
    ...availabilityQuery(debounced),
    enabled: needsAvailabilityCheck(current, debounced),
  })
  const settled = value === debounced && needsAvailabilityCheck(current, value)
  if (settled && check.isFetching) return 'checking'
  if (settled && check.data) return check.data.available ? 'available' : 'taken'
  return null
}

/**
 * The username of /user/edit_profile: the contract's rules ticked live while it differs from the current
 * name, availability as you type, and the note that the old link keeps working for 30 days.
 */
export function UsernameField({
  current,
  value,
  status,
  error,
  ...input
}: ComponentPropsWithRef<'input'> & {
  current: string
  value: string
  status: Availability
  error?: string | undefined
}) {
  const changed = value !== current
  return (
    <div className="v-edit__username">
      <TextField
        {...input}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        leading={<span className="v-at">@</span>}
        trailing={<AvailabilityIcon status={status} />}
        error={error}
        hint={<AvailabilityText status={status} />}
      />
      {changed ? (
        <>
          <UsernameRules value={value} />
          {current ? (
            <Alert tone="info">
              Links to @{current} keep working for {Social.usernameRedirectDays} days and lead to your new
              username. No one else can take @{current} in that time.
            </Alert>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
