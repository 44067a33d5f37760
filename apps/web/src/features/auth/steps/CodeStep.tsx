import { zodResolver } from '@hookform/resolvers/zod'
import { EmailCodeValue } from '@velvet/contract'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Navigate } from 'react-router'
import { z } from 'zod'
import { isApiError, messageOf } from '../../../lib/api/errors.ts'
import { Button } from '../../../ui/Button.tsx'
import { CodeInput } from '../../../ui/CodeInput.tsx'
import { toast } from '../../../ui/toast-store.ts'
import { applySessionAnswer } from '../auth.service.ts'
import { StepShell } from '../StepShell.tsx'
import { signupFlow } from '../signup-flow.ts'
import { loginStepPath, Step } from '../steps.ts'
import { useSteps } from '../use-steps.ts'
import { useEmailLogin, useSendEmailCode } from './login.queries.ts'
import { resendAtAfterTooSoon } from './resend.ts'

const schema = z.object({ code: EmailCodeValue })

/** #step_3: the 6-digit code. Signing in stores the session; the login screen then routes onwards. */
export function CodeStep() {
  const { back, search } = useSteps()
  const email = signupFlow.get().email
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { code: '' } })
  const signIn = useEmailLogin(email)

  if (!email) return <Navigate to={loginStepPath(Step.Email, search)} replace />

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (signIn.isPending) return
    try {
      const answer = await signIn.mutateAsync(code)
      signupFlow.update({ email: undefined, resendAt: undefined })
      applySessionAnswer(answer)
    } catch (error) {
      // Wrong, expired or used-up codes: shown on the code field, which is cleared for the next try.
      form.setValue('code', '')
      const message = isApiError(error) ? (error.fieldMessage('code') ?? error.message) : messageOf(error)
      form.setError('code', { type: 'server', message }, { shouldFocus: true })
    }
  })

  return (
    <StepShell
      title="Check your inbox"
      description={
        <>
          Enter the 6-digit code we sent to <strong>{email}</strong>.
        </>
      }
      onBack={() => back(Step.Email)}
    >
      <form className="v-form" onSubmit={onSubmit} noValidate>
        <Controller
          control={form.control}
          name="code"
          render={({ field, fieldState }) => (
            <CodeInput
              ref={field.ref}
              name={field.name}
              label="Verification code"
              value={field.value}
              onChange={(value) => {
                field.onChange(value)
                if (fieldState.error) form.clearErrors('code')
              }}
              onBlur={field.onBlur}
              onComplete={() => void onSubmit()}
              error={fieldState.error?.message}
              readOnly={signIn.isPending}
              autoFocus
            />
          )}
        />
        <ResendCode email={email} />
        <div className="v-form__actions">
          <Button type="submit" block loading={signIn.isPending}>
            Continue
          </Button>
        </div>
      </form>
    </StepShell>
  )
}

function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** "Resend code", counting down from the server's resend_after. */
function ResendCode({ email }: { email: string }) {
  const [now, setNow] = useState(() => Date.now())
  const [resendAt, setResendAt] = useState(() => signupFlow.get().resendAt ?? 0)
  const resend = useSendEmailCode()
  const remaining = Math.max(0, Math.ceil((resendAt - now) / 1000))

  useEffect(() => {
    if (remaining <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [remaining])

  const waitUntil = (next: number) => {
    signupFlow.update({ resendAt: next })
    setResendAt(next)
    setNow(Date.now())
  }

  const onResend = async () => {
    try {
      const answer = await resend.mutateAsync(email)
      waitUntil(Date.now() + answer.resend_after * 1000)
      toast.success(`We sent a new code to ${email}.`)
    } catch (error) {
      // Too soon (another tab asked meanwhile): count down the seconds left instead.
      const next = resendAtAfterTooSoon(error, Date.now())
      if (next === null) toast.error(messageOf(error))
      else waitUntil(next)
    }
  }

  return (
    <p className="v-inline-row" aria-live="polite">
      <span>Didn't get it? Check your spam folder.</span>
      {remaining > 0 ? (
        <span className="v-countdown">Resend code in {formatCountdown(remaining)}</span>
      ) : (
        <button type="button" className="v-link-button" onClick={onResend} disabled={resend.isPending}>
          Resend code
        </button>
      )}
    </p>
  )
}
