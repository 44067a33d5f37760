import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageLoader } from '../../ui/Spinner.tsx'
import { AuthLayout } from './AuthLayout.tsx'
import { HOME_PATH, redirectFrom } from './redirect.ts'
import { useSession } from './session.ts'
import { signupFlow } from './signup-flow.ts'
import { WelcomeStep } from './steps/WelcomeStep.tsx'
import { isProfileStep, loginStepPath, Step, type StepNumber, stepFromHash } from './steps.ts'

/**
 * The welcome step paints the first visit; the form steps (and react-hook-form) load as their own chunk,
 * fetched while the visitor reads the welcome screen.
 */
const loadFormSteps = () => import('./steps/form-steps.ts')
function formStep(name: keyof Awaited<ReturnType<typeof loadFormSteps>>) {
  return lazy(() => loadFormSteps().then((m) => ({ default: m[name] as ComponentType })))
}
const EmailStep = formStep('EmailStep')
const CodeStep = formStep('CodeStep')
const BirthdayStep = formStep('BirthdayStep')
const UsernameStep = formStep('UsernameStep')
const NicknameStep = formStep('NicknameStep')
const PictureStep = formStep('PictureStep')

const screens: Record<StepNumber, () => ReactNode> = {
  [Step.Welcome]: () => <WelcomeStep />,
  [Step.Email]: () => <EmailStep />,
  [Step.Code]: () => <CodeStep />,
  [Step.Birthday]: () => <BirthdayStep />,
  [Step.Username]: () => <UsernameStep />,
  [Step.Nickname]: () => <NicknameStep />,
  [Step.Picture]: () => <PictureStep />,
}

/** Where the current session may not stay on this step, the place it goes instead. */
function redirectFor(
  session: ReturnType<typeof useSession>,
  pathname: string,
  search: string,
  step: StepNumber,
): string | null {
  if (session.kind === 'account') {
    if (session.user.needs_profile) {
      return isProfileStep(step) ? null : loginStepPath(Step.Birthday, search)
    }
    // spec §2: a logged-in user goes to /home (query kept on /), except on /login#step_7, which a
    // just-finished sign-up is sent to until the picture is chosen or skipped.
    if (pathname === '/login' && step === Step.Picture) return null
    if (pathname === '/login' && signupFlow.get().picturePending) return loginStepPath(Step.Picture, search)
    return pathname === '/' ? `${HOME_PATH}${search}` : redirectFrom(search)
  }
  return step >= Step.Birthday ? loginStepPath(Step.Welcome, search) : null
}

/** `/` and `/login`: the sign-in and sign-up steps (#step_1 ... #step_7). */
export function LoginScreen() {
  const session = useSession()
  const { pathname, search, hash } = useLocation()
  const step = stepFromHash(hash)
  const target = redirectFor(session, pathname, search, step)
  useEffect(() => {
    void loadFormSteps()
  }, [])
  if (target) return <Navigate to={target} replace />
  return (
    <AuthLayout>
      <Suspense fallback={<PageLoader />}>{screens[step]()}</Suspense>
    </AuthLayout>
  )
}
