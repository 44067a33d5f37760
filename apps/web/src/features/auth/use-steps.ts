import { useLocation, useNavigate } from 'react-router'
import { loginStepPath, type StepNumber } from './steps.ts'

/** Moving between the hash steps of /login, keeping the query (the `redirect` param). */
export function useSteps() {
  const navigate = useNavigate()
  const location = useLocation()
  return {
    search: location.search,
    go: (step: StepNumber, options?: { replace?: boolean }) =>
      navigate(loginStepPath(step, location.search), options),
    /** History back when there is in-app history, else straight to `fallback`. */
    back: (fallback: StepNumber) => {
      if (location.key !== 'default') void navigate(-1)
      else void navigate(loginStepPath(fallback, location.search), { replace: true })
    },
  }
}
