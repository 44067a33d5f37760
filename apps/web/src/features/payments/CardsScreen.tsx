import type { SavedCard } from '@velvet/contract'
import { CreditCard, Plus, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { toast } from '../../ui/toast-store.ts'
import { RequireAccount } from '../auth/index.ts'
import { CardRow } from './CardRow.tsx'
import { PaymentPaths } from './paths.ts'
import { useCards, useRemoveCard, useSetDefaultCard, useStartCardSetup } from './payments.queries.ts'
import { cardLabel } from './payments-format.ts'
import { useSetupReturn } from './use-setup-return.ts'
import '../../ui/screen-kit.css'
import './payments.css'

/** /manage/cards: saved cards (brand, last 4, expiry), the default badge, add through the hosted form. */
export function CardsScreen() {
  return (
    <RequireAccount>
      <Cards />
    </RequireAccount>
  )
}

function Cards() {
  const cards = useCards()
  const start = useStartCardSetup()
  const finish = useSetupReturn()
  const makeDefault = useSetDefaultCard()
  const remove = useRemoveCard()
  const busy = makeDefault.isPending || remove.isPending

  const addCard = () => start.mutate(PaymentPaths.cards)
  const onRemove = async (card: SavedCard) => {
    const ok = await confirm({
      title: 'Remove this card?',
      message: `${cardLabel(card)} will no longer be used for purchases or memberships.`,
      confirmLabel: 'Remove',
      tone: 'danger',
    })
    if (ok)
      remove.mutate(card.card_id, {
        onSuccess: () => toast.success('Card removed'),
        onError: (error) => toast.error(messageOf(error)),
      })
  }

  let content: ReactNode
  if (cards.isPending || finish.isPending) content = <SkeletonRows count={2} label="Loading your cards" />
  else if (cards.isError)
    content = (
      <ErrorState error={cards.error} onRetry={() => void cards.refetch()} retrying={cards.isFetching} />
    )
  else if (cards.data.cards.length === 0)
    content = (
      <EmptyState
        variant="card"
        icon={<CreditCard />}
        title="No cards yet"
        text="Add a card to buy coins and pay for memberships."
      />
    )
  else
    content = (
      <ul className="v-set-card v-pay-list" aria-label="Saved cards">
        {cards.data.cards.map((card) => (
          <li key={card.card_id}>
            <CardRow
              card={card}
              busy={busy}
              onMakeDefault={() =>
                makeDefault.mutate(card.card_id, {
                  onSuccess: () => toast.success('Default card changed'),
                  onError: (error) => toast.error(messageOf(error)),
                })
              }
              onRemove={() => void onRemove(card)}
            />
          </li>
        ))}
      </ul>
    )

  return (
    <div className="v-screen">
      <ScreenBar title="Cards" fallback="/setting" />
      <main className="v-set-body">
        {content}
        {start.isError ? <Alert>{messageOf(start.error)}</Alert> : null}
        <Button block icon={<Plus />} loading={start.isPending} onClick={addCard}>
          Add card
        </Button>
        <p className="v-pay-note">
          <ShieldCheck aria-hidden="true" />
          Your card number is entered on our payment provider's page. Velvet keeps only the brand, the last
          four digits and the expiry date.
        </p>
      </main>
    </div>
  )
}
