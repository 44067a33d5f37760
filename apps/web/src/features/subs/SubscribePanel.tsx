import { ErrorCodes, formatUsd, MembershipTexts, SubsPaths } from '@velvet/contract'
import { Crown } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { toast } from '../../ui/toast-store.ts'
import { CardPicker, pickCard, usableCards, useCards } from '../payments/index.ts'
import { useOffer, useSubscribe } from './subs.queries.ts'
import { choicesOf, renewalLine, subscribeLabel } from './subs-format.ts'
import { SubsParams, withParam } from './subs-paths.ts'
import './subs.css'

export interface SubscribePanelProps {
  creatorId: number
  /** A free-trial code from a link. */
  trialCode?: string | null
  /** Where the card form and the 3DS page come back to (an app path). */
  returnPath?: string
  /** A card saved just now, or the one chosen before the bank's 3DS page: chosen again. */
  preferredCardId?: number | null
  onSubscribed?: () => void
}

/**
 * How a fan subscribes to a creator: the plan's choices (a trial from a link, monthly with the promo for
 * new members, bundles), the card to charge, and the button with the exact amount. 3DS opens the bank's
 * page, which comes back to `returnPath`; a decline shows the spec's text.
 */
export function SubscribePanel({
  creatorId,
  trialCode = null,
  returnPath,
  preferredCardId = null,
  onSubscribed,
}: SubscribePanelProps) {
  // The membership screen finishes a card setup and shows the bank's 3DS answer.
  const membershipPath = SubsPaths.detail(creatorId, trialCode ?? undefined)
  const back = returnPath ?? membershipPath
  const offer = useOffer(creatorId, trialCode)
  const cards = useCards()
  const subscribe = useSubscribe()
  const groupId = useId()
  const [choiceId, setChoiceId] = useState<string | null>(null)
  const [cardId, setCardId] = useState<number | null>(null)
  const [declined, setDeclined] = useState<string | null>(null)

  const data = offer.data
  const choices = useMemo(
    () => (data?.plan ? choicesOf(data.plan, { isNewMember: data.is_new_member, trial: data.trial }) : []),
    [data],
  )
  const choice = choices.find((c) => c.id === choiceId) ?? choices[0] ?? null
  const card = pickCard(usableCards(cards.data?.cards), cardId, preferredCardId)

  useEffect(() => {
    if (
      subscribe.error &&
      isApiError(subscribe.error) &&
      subscribe.error.code === ErrorCodes.MembershipPriceChanged.code
    )
      void offer.refetch()
  }, [subscribe.error, offer])

  if (offer.isPending || cards.isPending) return <SkeletonRows count={3} label="Loading the membership" />
  if (offer.isError)
    return <ErrorState error={offer.error} onRetry={() => void offer.refetch()} retrying={offer.isFetching} />
  if (!data?.plan)
    return (
      <EmptyState
        variant="card"
        icon={<Crown />}
        title="No memberships yet"
        text="This creator does not offer memberships yet."
      />
    )
  const sub = data.subscription
  if (sub && sub.status === 'active')
    return (
      <div className="v-subs-member">
        <p className="v-subs-member__title">You’re a member</p>
        <p className="v-subs-member__line">{renewalLine(sub)}</p>
        <Link
          to={SubsPaths.detail(creatorId)}
          className={buttonClassName({ variant: 'secondary', size: 'md', block: true })}
        >
          Manage membership
        </Link>
      </div>
    )
  const inGrace = sub?.status === 'grace'

  const submit = () => {
    if (!choice || card === null) return
    setDeclined(null)
    subscribe.mutate(
      {
        creator_id: creatorId,
        option: inGrace ? 'monthly' : choice.option,
        ...(choice.option === 'bundle' && !inGrace ? { months: choice.months as 3 | 6 | 12 } : {}),
        ...(choice.trial && !inGrace && trialCode ? { trial_code: trialCode } : {}),
        card_id: card,
        expected_cents: inGrace && sub ? sub.renew_cents : choice.amountCents,
        return_path: withParam(back, SubsParams.card, String(card)),
      },
      {
        onSuccess: (answer) => {
          if (answer.status === 'requires_action' && answer.action_url)
            window.location.assign(answer.action_url)
          else if (answer.status === 'failed') setDeclined(answer.message)
          else {
            toast.show(choice.trial ? 'Your free trial has started.' : 'You’re a member now.', 'success')
            onSubscribed?.()
          }
        },
      },
    )
  }

  return (
    <div className="v-subs-panel">
      {inGrace && sub ? (
        <Alert>Your last renewal failed. Pay {formatUsd(sub.renew_cents)} now to keep your membership.</Alert>
      ) : (
        <fieldset className="v-subs-choices">
          <legend className="v-visually-hidden">Choose how to subscribe</legend>
          {choices.map((c) => (
            <label key={c.id} className="v-subs-choice" data-selected={c.id === choice?.id ? '' : undefined}>
              <input
                type="radio"
                name={groupId}
                value={c.id}
                checked={c.id === choice?.id}
                onChange={() => setChoiceId(c.id)}
              />
              <span className="v-subs-choice__text">
                <span className="v-subs-choice__label">{c.label}</span>
                <span className="v-subs-choice__detail">{c.detail}</span>
              </span>
              <span className="v-subs-choice__price">{c.trial ? 'Free' : formatUsd(c.amountCents)}</span>
            </label>
          ))}
        </fieldset>
      )}

      <CardPicker
        cardId={card}
        onChoose={setCardId}
        addReturnPath={membershipPath}
        name={`${groupId}-card`}
      />

      {declined ? <Alert>{declined}</Alert> : null}
      {subscribe.isError ? <Alert>{messageOf(subscribe.error)}</Alert> : null}

      <Button
        block
        icon={<Crown />}
        disabled={!choice || card === null}
        loading={subscribe.isPending}
        onClick={submit}
      >
        {inGrace && sub
          ? MembershipTexts.renewNow(sub.renew_cents)
          : choice
            ? subscribeLabel(choice)
            : 'Subscribe'}
      </Button>
      <p className="v-subs-fineprint">
        {choice?.trial
          ? 'Nothing is charged today. Your card is charged when the trial ends unless you turn off auto-renew.'
          : 'Renews automatically. Turn off auto-renew at any time in your subscriptions.'}
      </p>
    </div>
  )
}
