import { LogIn, LogOut, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { Logo } from '../../ui/Logo.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { logout } from '../auth/auth.service.ts'
import { useSession } from '../auth/session.ts'
import './home.css'

/**
 * /home in this build: the app frame with who is signed in. The feed comes in a later issue; until then
 * the screen says so instead of showing made-up posts.
 */
export function HomeScreen() {
  const session = useSession()
  const [leaving, setLeaving] = useState(false)
  const account = session.kind === 'account' ? session.user : null
  const name = account ? (account.nickname ?? account.user_name ?? 'Me') : 'Guest'

  const onLogout = async () => {
    setLeaving(true)
    await logout()
  }

  // The session is cleared at once and /login opens 500 ms later (spec §4): show that, not a guest.
  if (leaving) return <PageLoader label="Logging out" />

  return (
    <div className="v-app">
      <header className="v-topbar">
        <Link to="/home" className="v-topbar__brand" aria-label="Velvet home">
          <Logo size="sm" />
        </Link>
        <span className="v-topbar__me">
          <span className="v-topbar__name">{name}</span>
          <Avatar src={account?.portrait} name={name} size="sm" decorative anonymous={!account} />
        </span>
      </header>

      <main className="v-feed">
        <section className="v-card v-me" aria-label="Your account">
          <div className="v-me__row">
            <Avatar src={account?.portrait} name={name} size="lg" decorative anonymous={!account} />
            <div className="v-me__text">
              <h1 className="v-me__name">{name}</h1>
              <p className="v-me__sub">
                {account?.user_name ? `@${account.user_name}` : 'Browsing as a guest'}
              </p>
            </div>
          </div>
          {account ? (
            <Button
              variant="secondary"
              size="md"
              block
              icon={<LogOut />}
              loading={leaving}
              onClick={onLogout}
            >
              Log out
            </Button>
          ) : null}
        </section>

        {account ? null : (
          <section className="v-card v-join" aria-labelledby="join-title">
            <h2 id="join-title" className="v-join__title">
              Join Velvet
            </h2>
            <p className="v-join__text">
              Create an account to follow creators, subscribe and send messages. It takes a minute.
            </p>
            <Link to="/login" className={buttonClassName({ block: true })}>
              <LogIn aria-hidden="true" />
              Sign up / Log in
            </Link>
          </section>
        )}

        <section className="v-empty" aria-labelledby="feed-title">
          <span className="v-empty__icon" aria-hidden="true">
            <Sparkles />
          </span>
          <h2 id="feed-title" className="v-empty__title">
            Your feed is on its way
          </h2>
          <p className="v-empty__text">
            The feed is not available yet in this build. Posts from the creators you follow will appear here.
          </p>
        </section>
      </main>
    </div>
  )
}
