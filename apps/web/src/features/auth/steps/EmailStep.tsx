import { zodResolver } from '@hookform/resolvers/zod'
import { sendEmailCode } from '@velvet/contract'
import { Mail } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../ui/Alert.tsx'
import { Button } from '../../../ui/Button.tsx'
import { TextField } from '../../../ui/TextField.tsx'
import { showServerError } from '../form-errors.ts'
import { StepShell } from '../StepShell.tsx'
import { signupFlow } from '../signup-flow.ts'
import { Step } from '../steps.ts'
import { useSteps } from '../use-steps.ts'
import { useSendEmailCode } from './login.queries.ts'
import { resendAtAfterTooSoon } from './resend.ts'

/** The contract's own input schema: the form and the server reject the same e-mail with the same words. */
const schema = sendEmailCode.input

/** #step_2: the e-mail a sign-in code goes to. */
export function EmailStep() {
  const { go, back } = useSteps()
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: signupFlow.get().email ?? '' },
  })
  const send = useSendEmailCode()
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const answer = await send.mutateAsync(email)
      signupFlow.update({ email, resendAt: Date.now() + answer.resend_after * 1000 })
      void go(Step.Code)
    } catch (error) {
      // A code went to this address moments ago (here or in another tab): it is still good, so go and
      // type it; "Resend code" counts down the seconds the server says are left.
      const resendAt = resendAtAfterTooSoon(error, Date.now())
      if (resendAt !== null) {
        signupFlow.update({ email, resendAt })
        void go(Step.Code)
        return
      }
      showServerError(error, form.setError, ['email'])
    }
  })

  return (
    <StepShell
      title="What's your e-mail?"
      description="We'll send you a 6-digit code to sign in or create your account. No password needed."
      onBack={() => back(Step.Welcome)}
    >
      <form className="v-form" onSubmit={onSubmit} noValidate>
        <TextField
          {...form.register('email')}
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          leading={<Mail />}
          error={errors.email?.message}
          autoFocus
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <div className="v-form__actions">
          <Button type="submit" block loading={send.isPending}>
            Send code
          </Button>
        </div>
      </form>
    </StepShell>
  )
}
