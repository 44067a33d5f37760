import { zodResolver } from '@hookform/resolvers/zod'
import { ErrorCodes, SignupProfile } from '@velvet/contract'
import { useForm } from 'react-hook-form'
import { Navigate } from 'react-router'
import { isApiError } from '../../../lib/api/errors.ts'
import { Alert } from '../../../ui/Alert.tsx'
import { Button } from '../../../ui/Button.tsx'
import { TextField } from '../../../ui/TextField.tsx'
import { bindStoredReferral } from '../../referral/index.ts'
import { loadCurrentUser } from '../auth.service.ts'
import { showServerError } from '../form-errors.ts'
import { StepShell } from '../StepShell.tsx'
import { sessionStore } from '../session.ts'
import { signupFlow } from '../signup-flow.ts'
import { loginStepPath, Step, type StepNumber } from '../steps.ts'
import { useSteps } from '../use-steps.ts'
import { SIGNUP_PROGRESS_TOTAL } from './BirthdayStep.tsx'
import { useCompleteSignup } from './login.queries.ts'

const schema = SignupProfile.pick({ nickname: true })

/** Server problems that belong to an earlier step: that step opens with the message on its field. */
const earlierField: Record<string, StepNumber> = { birthday: Step.Birthday, user_name: Step.Username }
const codeField: Record<number, string> = { [ErrorCodes.UsernameTaken.code]: 'user_name' }

/** #step_6: nickname, then `completeSignup` with birthday + username + nickname. */
export function NicknameStep() {
  const { go, back, search } = useSteps()
  const flow = signupFlow.get()
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { nickname: flow.nickname ?? '' } })
  const complete = useCompleteSignup()
  const { errors } = form.formState

  if (!flow.birthday) return <Navigate to={loginStepPath(Step.Birthday, search)} replace />
  if (!flow.user_name) return <Navigate to={loginStepPath(Step.Username, search)} replace />
  const { birthday, user_name } = flow

  const onSubmit = form.handleSubmit(async ({ nickname }) => {
    signupFlow.update({ nickname })
    try {
      const { user } = await complete.mutateAsync({ birthday, user_name, nickname })
      // The login screen sends a just-finished sign-up on to the picture step (#step_7).
      signupFlow.clear()
      signupFlow.update({ picturePending: true })
      sessionStore.setUser(user)
      // A /ref/{code} link opened before signing up names this account's referrer (kept on failure).
      void bindStoredReferral()
    } catch (error) {
      if (!isApiError(error)) {
        showServerError(error, form.setError, ['nickname'])
        return
      }
      if (error.code === ErrorCodes.SignupAlreadyComplete.code) {
        await loadCurrentUser()
        return
      }
      const problem =
        error.fields?.find((f) => f.field in earlierField) ??
        (codeField[error.code] ? { field: codeField[error.code] ?? '', message: error.message } : undefined)
      const step = problem ? earlierField[problem.field] : undefined
      if (problem && step) {
        signupFlow.update({ problem: { field: problem.field, message: problem.message } })
        void go(step)
        return
      }
      showServerError(error, form.setError, ['nickname'])
    }
  })

  return (
    <StepShell
      title="What should we call you?"
      description={
        <>
          This is the name people see next to <strong>@{user_name}</strong>. You can change it later.
        </>
      }
      progress={{ current: 3, total: SIGNUP_PROGRESS_TOTAL }}
      onBack={() => back(Step.Username)}
    >
      <form className="v-form" onSubmit={onSubmit} noValidate>
        <TextField
          {...form.register('nickname')}
          label="Display name"
          autoComplete="nickname"
          placeholder="Your name"
          error={errors.nickname?.message}
          autoFocus
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <div className="v-form__actions">
          <Button type="submit" block loading={complete.isPending}>
            Create account
          </Button>
        </div>
      </form>
    </StepShell>
  )
}
