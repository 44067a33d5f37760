import { Mail } from 'lucide-react'
import { Link } from 'react-router'
import { useClientConfig } from '../../../lib/config.tsx'
import { Button, buttonClassName } from '../../../ui/Button.tsx'
import { GoogleIcon } from '../../../ui/GoogleIcon.tsx'
import { Logo } from '../../../ui/Logo.tsx'
import { Step } from '../steps.ts'
import { useSteps } from '../use-steps.ts'
import './WelcomeStep.css'

/** #step_1: brand, "Continue with e-mail", Google when configured, the 18+ notice and legal links. */
export function WelcomeStep() {
  const config = useClientConfig()
  const { go, search } = useSteps()
  return (
    <section className="v-welcome" aria-labelledby="welcome-title">
      <div className="v-welcome__hero">
        <span className="v-welcome__mark">
          <Logo size="lg" />
        </span>
        <h1 id="welcome-title" className="v-welcome__title">
          Get closer to the creators you <em>love</em>.
        </h1>
        <p className="v-welcome__lead">
          Exclusive posts, private messages and memberships, all in one place.
        </p>
      </div>
      <div className="v-welcome__actions">
        <Button block icon={<Mail />} onClick={() => go(Step.Email)}>
          Continue with e-mail
        </Button>
        {config.google_client_id ? (
          <Link
            to={`/google_login${search}`}
            className={buttonClassName({ variant: 'secondary', block: true })}
          >
            <span className="v-button__icon" aria-hidden="true">
              <GoogleIcon />
            </span>
            Continue with Google
          </Link>
        ) : null}
      </div>
      <p className="v-welcome__legal">
        <span className="v-age-badge" aria-hidden="true">
          18+
        </span>
        <span>
          Velvet is for adults only. By continuing you confirm that you are at least 18 years old and agree to
          our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </span>
      </p>
    </section>
  )
}
