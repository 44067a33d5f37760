import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ErrorCodes, SignupProfile, usernameCheck, usernameRules } from '@velvet/contract'
import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { messageOf } from '../../../lib/api/errors.ts'
import { api } from '../../../lib/api/index.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { Alert } from '../../../ui/Alert.tsx'
import { Button } from '../../../ui/Button.tsx'
import { TextField } from '../../../ui/TextField.tsx'
import { authKeys } from '../auth.queries.ts'
import { StepShell } from '../StepShell.tsx'
import { signupFlow } from '../signup-flow.ts'
import { Step } from '../steps.ts'
import { useSteps } from '../use-steps.ts'
import { SIGNUP_PROGRESS_TOTAL } from './BirthdayStep.tsx'
import { AvailabilityIcon, AvailabilityText, UsernameRules } from './UsernameFeedback.tsx'
import './UsernameStep.css'

const schema = SignupProfile.pick({ user_name: true })
const passes = (value: string) => usernameRules.every((rule) => rule.test(value))

function availabilityQuery(userName: string) {
  return {
    queryKey: authKeys.usernameCheck(userName.toLowerCase()),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(usernameCheck, { user_name: userName }, { signal }),
    staleTime: 30_000,
  }
}

/** #step_5: username, with each contract rule ticked live and availability checked as you type. */
export function UsernameStep() {
  const { go, back } = useSteps()
  const queryClient = useQueryClient()
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { user_name: signupFlow.get().user_name ?? '' },
  })
  const value = useWatch({ control: form.control, name: 'user_name' })
  const debounced = useDebouncedValue(value, 400)
  const check = useQuery({ ...availabilityQuery(debounced), enabled: passes(debounced) })
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    const problem = signupFlow.takeProblem('user_name')
    if (problem) form.setError('user_name', { type: 'server', message: problem })
  }, [form])

  const onSubmit = form.handleSubmit(async ({ user_name }) => {
    try {
      const { available } = await queryClient.fetchQuery(availabilityQuery(user_name))
      if (!available) {
        form.setError(
          'user_name',
          { type: 'server', message: ErrorCodes.UsernameTaken.message },
          { shouldFocus: true },
        )
        return
      }
      signupFlow.update({ user_name })
      void go(Step.Nickname)
    } catch (error) {
      form.setError('root.server', { type: 'server', message: messageOf(error) })
    }
  })

  const settled = value === debounced && passes(value)
  let status: 'checking' | 'available' | 'taken' | null = null
  if (settled && check.isFetching) status = 'checking'
  else if (settled && check.data) status = check.data.available ? 'available' : 'taken'

  return (
    <StepShell
      title="Choose a username"
      description="It's your address on Velvet and how people find you. You can change your display name later."
      progress={{ current: 2, total: SIGNUP_PROGRESS_TOTAL }}
      onBack={() => back(Step.Birthday)}
    >
      <form className="v-form" onSubmit={onSubmit} noValidate>
        <TextField
          {...form.register('user_name')}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="your.name"
          leading={<span className="v-at">@</span>}
          trailing={<AvailabilityIcon status={status} />}
          error={errors.user_name?.message}
          hint={<AvailabilityText status={status} />}
          autoFocus
        />
        <UsernameRules value={value} />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <div className="v-form__actions">
          <Button type="submit" block loading={isSubmitting} disabled={status === 'taken'}>
            Continue
          </Button>
        </div>
      </form>
    </StepShell>
  )
}
