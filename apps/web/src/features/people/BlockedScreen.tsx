import { useQueryClient } from '@tanstack/react-query'
import { BlockTexts } from '@velvet/contract'
import { ShieldCheck } from 'lucide-react'
import { peopleKeys } from '../../lib/query-keys.ts'
import { Button } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { AccountOnly, HOME_PATH } from '../auth/index.ts'
import { type CardPages, displayName, profilePath, useBlockToggle, withoutCard } from '../profile/index.ts'
import { PeopleList } from './PeopleList.tsx'
import { useBlocked } from './people.queries.ts'
import './people.css'

function Blocked({ meName }: { meName: string | null }) {
  const query = useBlocked()
  const client = useQueryClient()
  const toggle = useBlockToggle()
  return (
    <div className="v-screen">
      <ScreenBar title="Blocked accounts" fallback={meName ? profilePath(meName) : HOME_PATH} />
      <div className="v-screen__body">
        <p className="v-screen__intro">
          {BlockTexts.effect} {BlockTexts.notTold}
        </p>
        <PeopleList
          query={query}
          label="Blocked accounts"
          empty={{
            icon: <ShieldCheck />,
            title: "You haven't blocked anyone",
            text: 'To block someone, open their profile and choose Block in the ⋯ menu.',
          }}
          action={(person) => (
            <Button
              variant="secondary"
              size="md"
              loading={toggle.pendingFor === person.user_id}
              aria-label={`Unblock ${displayName(person)}`}
              onClick={async () => {
                const name = person.user_name ? `@${person.user_name}` : displayName(person)
                const done = await toggle.run({ userId: person.user_id, name }, false)
                if (done) {
                  client.setQueryData<CardPages>(peopleKeys.blocked(), (data) =>
                    data ? withoutCard(data, person.user_id) : data,
                  )
                }
              }}
            >
              Unblock
            </Button>
          )}
        />
      </div>
    </div>
  )
}

/** /user/blocked: the accounts the viewer blocked, newest first, each with Unblock (after a confirm). */
export function BlockedScreen() {
  return <AccountOnly>{(user) => <Blocked meName={user.user_name} />}</AccountOnly>
}
