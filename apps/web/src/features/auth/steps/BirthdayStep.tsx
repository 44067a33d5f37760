import { zodResolver } from '@hookform/resolvers/zod'
import { latestAdultBirthYear, SignupProfile } from '@velvet/contract'
import { useEffect } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '../../../ui/Button.tsx'
import { DateField } from '../../../ui/DateField.tsx'
import { StepShell } from '../StepShell.tsx'
import { signupFlow } from '../signup-flow.ts'
import { Step } from '../steps.ts'
import { useSteps } from '../use-steps.ts'

/** The contract's birthday rule (18+, a real date): same words as the server. */
const schema = SignupProfile.pick({ birthday: true })

export const SIGNUP_PROGRESS_TOTAL = 4

/** #step_4: birthday, checked on the device before anything is sent. */
export function BirthdayStep() {
  const { go } = useSteps()
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { birthday: signupFlow.get().birthday ?? '' },
  })

  useEffect(() => {
    const problem = signupFlow.takeProblem('birthday')
    if (problem) form.setError('birthday', { type: 'server', message: problem })
  }, [form])

  const onSubmit = form.handleSubmit(({ birthday }) => {
    signupFlow.update({ birthday })
    void go(Step.Username)
  })

  return (
    <StepShell
      title="When's your birthday?"
      description="Velvet is for adults only. Your birthday is never shown on your profile."
      progress={{ current: 1, total: SIGNUP_PROGRESS_TOTAL }}
    >
      <form className="v-form" onSubmit={onSubmit} noValidate>
        <Controller
          control={form.control}
          name="birthday"
          render={({ field, fieldState }) => (
            <DateField
              ref={field.ref}
              label="Date of birth"
              // The year list starts at the latest year an adult can be born in, not at this year.
              maxYear={latestAdultBirthYear()}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <div className="v-form__actions">
          <Button type="submit" block>
            Continue
          </Button>
        </div>
      </form>
    </StepShell>
  )
}
