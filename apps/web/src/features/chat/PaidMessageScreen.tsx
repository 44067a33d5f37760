import { ChatRules, ChatTexts, type PaidMessageSettings, UserRole } from '@velvet/contract'
import { Coins, Crown, MessageSquareLock, Sparkles } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { RowGroup } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { SwitchRow } from '../../ui/SwitchRow.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { RequireAccount, useSession } from '../auth/index.ts'
import { SettingsPath } from '../settings/index.ts'
import { usePaidMessageSettings, useSavePaidMessageSettings } from './chat.queries.ts'
import { coinsIn } from './chat-rules.ts'
import '../../ui/screen-kit.css'
import './chat.css'

/** The price field: empty or 0 = free; else whole coins up to ChatRules.paidPriceMax. */
export function paidPriceOf(text: string): number | null {
  return text.trim() === '' ? 0 : coinsIn(text, 0, ChatRules.paidPriceMax)
}

function PaidMessageForm({ saved }: { saved: PaidMessageSettings }) {
  const [price, setPrice] = useState(saved.price === 0 ? '' : String(saved.price))
  const [membersFree, setMembersFree] = useState(saved.members_free)
  const [creatorsFree, setCreatorsFree] = useState(saved.creators_free)
  const coins = paidPriceOf(price)
  const save = useSavePaidMessageSettings()
  const changed =
    coins !== saved.price || membersFree !== saved.members_free || creatorsFree !== saved.creators_free
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (coins === null) return
    save.mutate({ price: coins, members_free: membersFree, creators_free: creatorsFree })
  }
  return (
    <form className="v-paid-form" onSubmit={submit}>
      <TextField
        label="Price per message (coins)"
        inputMode="numeric"
        placeholder="Free"
        leading={<Coins />}
        value={price}
        hint={coins === 0 ? 'Empty or 0: fans message you free.' : undefined}
        error={
          coins === null
            ? `A price is 0 to ${ChatRules.paidPriceMax.toLocaleString('en-US')} coins.`
            : undefined
        }
        onChange={(event) => setPrice(event.target.value)}
      />
      <RowGroup title="Who messages free">
        <SwitchRow
          icon={<Crown />}
          title="Members"
          description="Fans with an active membership."
          checked={membersFree}
          onChange={setMembersFree}
        />
        <SwitchRow
          icon={<Sparkles />}
          title="Other creators"
          description="Verified creators writing to you."
          checked={creatorsFree}
          onChange={setCreatorsFree}
        />
      </RowGroup>
      <Button type="submit" block loading={save.isPending} disabled={!changed || coins === null}>
        Save
      </Button>
    </form>
  )
}

function PaidMessageBody() {
  const session = useSession()
  const isCreator = session.kind === 'account' && session.user.user_role === UserRole.Creator
  const query = usePaidMessageSettings()
  let content = <SkeletonRows count={3} />
  if (!isCreator)
    content = (
      <EmptyState
        icon={<MessageSquareLock />}
        title="For creators"
        text="Creators set a price for messages from fans. Become a creator to set yours."
        action={
          <Link
            className={buttonClassName({ variant: 'primary', size: 'md' })}
            to={SettingsPath.creatorAudit}
          >
            Become a creator
          </Link>
        }
      />
    )
  else if (query.isError)
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data) content = <PaidMessageForm saved={query.data.settings} />
  return (
    <div className="v-screen">
      <ScreenBar fallback={SETTINGS_PATH} title="Paid messages" />
      <main className="v-set-body">
        <p className="v-set-intro">{ChatTexts.paidRule}</p>
        {content}
      </main>
    </div>
  )
}

/** /setting/paid_message: a creator's price per message and who writes free (the rule stated on screen). */
export function PaidMessageScreen() {
  return (
    <RequireAccount>
      <PaidMessageBody />
    </RequireAccount>
  )
}
