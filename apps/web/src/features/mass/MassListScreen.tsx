import { type MassStatusName, UserRole } from '@velvet/contract'
import { Megaphone, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api/index.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { PillTabs } from '../../ui/PillTabs.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { toast } from '../../ui/toast-store.ts'
import { AccountOnly } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { MassCard } from './MassCard.tsx'
import { MassCreatorsOnly } from './MassSenderScreen.tsx'
import { useCancelMass, useMassList } from './mass.queries.ts'
import { MassPath } from './paths.ts'
import '../../ui/Skeleton.css'
import '../../ui/form-kit.css'
import './mass.css'

type Filter = 'all' | MassStatusName

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sending', label: 'Sending' },
  { value: 'successful', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
]

/** /mass/list: the creator's mass messages with their status and counts; a scheduled one can be cancelled. */
export function MassListScreen() {
  return (
    <AccountOnly>
      {(user) => (
        <div className="v-screen v-mass-screen">
          <ScreenBar
            title="Mass messages"
            fallback={MassPath.sender}
            end={
              user.user_role === UserRole.Creator ? (
                <Link to={MassPath.sender} className="v-mass-bar-link" aria-label="New mass message">
                  <Plus aria-hidden="true" />
                </Link>
              ) : undefined
            }
          />
          <main className="v-mass-main">
            {user.user_role === UserRole.Creator ? <MassList /> : <MassCreatorsOnly />}
          </main>
        </div>
      )}
    </AccountOnly>
  )
}

function MassList() {
  const query = useMassList()
  const cancel = useCancelMass()
  const [filter, setFilter] = useState<Filter>('all')
  if (query.isPending)
    return (
      <div className="v-mass-list" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="v-skel v-mass-card--skeleton" />
        ))}
      </div>
    )
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />
  const all = query.data.pages.flatMap((page) => page.list)
  const shown = filter === 'all' ? all : all.filter((mass) => mass.status_name === filter)
  const ask = async (massId: number) => {
    const ok = await confirm({
      title: 'Cancel this mass message?',
      message: 'It will not be sent. You can write a new one at any time.',
      confirmLabel: 'Cancel it',
      cancelLabel: 'Keep',
      tone: 'danger',
    })
    if (!ok) return
    try {
      await cancel.mutateAsync(massId)
      toast.success('Mass message cancelled')
    } catch (error) {
      toast.error(messageOf(error))
    }
  }
  return (
    <div className="v-mass-list">
      {all.length === 0 ? (
        <EmptyState
          variant="card"
          icon={<Megaphone />}
          title="No mass messages yet"
          text="Message all your followers, members or your best fans at once. Each fan gets it in their own chat."
          action={
            <Link to={MassPath.sender} className={buttonClassName({ size: 'md' })}>
              <Plus aria-hidden="true" /> New mass message
            </Link>
          }
        />
      ) : (
        <>
          <PillTabs label="Filter by status" options={FILTERS} value={filter} onChange={setFilter} />
          {shown.length === 0 ? (
            <p className="v-compose__hint v-mass-list__none">Nothing here.</p>
          ) : (
            <ul className="v-mass-list__items" aria-label="Your mass messages">
              {shown.map((mass) => (
                <li key={mass.mass_id}>
                  <MassCard
                    mass={mass}
                    onCancel={mass.status_name === 'scheduled' ? () => void ask(mass.mass_id) : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
          <LoadMore pages={query} errorMessage={messageOf(query.error)} />
        </>
      )}
    </div>
  )
}
