import type { SessionUser } from '@velvet/contract'
import { LogOut, Pencil, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { logout } from '../auth/index.ts'
import { PeopleSkeleton } from '../people/index.ts'
import type { useSuggestedCreators } from '../posts/index.ts'
import { SuggestedList } from './SuggestedCreators.tsx'

/** A new account's card: who is signed in, the way to the profile, and logging out (also in settings). */
function WelcomeCard({ account, onLeave }: { account: SessionUser; onLeave: () => void }) {
  const name = account.nickname ?? account.user_name ?? 'Me'
  return (
    <section className="v-card v-me" aria-labelledby="welcome-title">
      <div className="v-me__row">
        <Avatar src={account.portrait} name={name} size="lg" decorative />
        <div className="v-me__text">
          <p className="v-me__eyebrow">Welcome to Velvet</p>
          <h2 id="welcome-title" className="v-me__name">
            {name}
          </h2>
          {account.user_name ? <p className="v-me__sub">@{account.user_name}</p> : null}
        </div>
      </div>
      <p className="v-me__intro">
        Your feed fills up with posts from the creators you follow. Start with a few below.
      </p>
      <div className="v-me__actions">
        {account.user_name ? (
          <Link
            to="/user/edit_profile"
            className={buttonClassName({ variant: 'secondary', size: 'md', block: true })}
          >
            <Pencil aria-hidden="true" />
            Edit profile
          </Link>
        ) : null}
        <Button
          variant="ghost"
          size="md"
          block
          icon={<LogOut />}
          onClick={() => {
            onLeave()
            void logout()
          }}
        >
          Log out
        </Button>
      </div>
    </section>
  )
}

/**
 * The feed of someone who follows nobody yet (or whose creators have not posted): a welcome, the
 * suggested creators to follow, or a plain word when there is nobody to suggest.
 */
export function EmptyFeed({
  account,
  suggestions,
  viewerId,
  onFollowed,
  onLeave,
}: {
  account: SessionUser | null
  suggestions: ReturnType<typeof useSuggestedCreators>
  viewerId: number
  onFollowed: () => void
  onLeave: () => void
}) {
  const list = suggestions.data?.list ?? []
  let people = <PeopleSkeleton rows={3} />
  if (list.length > 0) {
    people = <SuggestedList list={list} viewerId={viewerId} onFollowed={onFollowed} />
  } else if (!suggestions.isPending) {
    people = (
      <EmptyState
        variant="compact"
        icon={<Sparkles />}
        title="Your feed is empty"
        text="Posts from the creators you follow will appear here. No creator has posted yet: check back soon."
      />
    )
  }
  return (
    <>
      {account ? <WelcomeCard account={account} onLeave={onLeave} /> : null}
      <section className="v-home__suggested" aria-labelledby="suggested-title">
        <h2 id="suggested-title" className="v-home__section-title">
          {list.length > 0 ? 'Creators to follow' : 'Your feed'}
        </h2>
        {people}
      </section>
    </>
  )
}
