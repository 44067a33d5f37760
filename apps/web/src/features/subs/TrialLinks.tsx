import { MembershipLimits, MembershipRules, MembershipTexts } from '@velvet/contract'
import { Copy, Gift, Plus, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { toast } from '../../ui/toast-store.ts'
import { useCreateTrial, useRevokeTrial, useTrials } from './subs.queries.ts'

function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const n = Number(text)
  return n >= min && n <= max ? n : null
}

/** Free-trial links: create (1-30 days, limited uses), copy, revoke. */
export function TrialLinks() {
  const trials = useTrials()
  const create = useCreateTrial()
  const revoke = useRevokeTrial()
  const [days, setDays] = useState('7')
  const [uses, setUses] = useState('100')
  const [errors, setErrors] = useState<{ days?: string; uses?: string }>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const d = wholeIn(days, MembershipLimits.trialDaysMin, MembershipRules.trialDaysMax)
    const u = wholeIn(uses, MembershipLimits.trialUsesMin, MembershipLimits.trialUsesMax)
    const next = {
      ...(d === null ? { days: MembershipTexts.trialDays } : {}),
      ...(u === null ? { uses: MembershipTexts.trialUses } : {}),
    }
    setErrors(next)
    if (d === null || u === null) return
    create.mutate(
      { days: d, max_uses: u },
      { onSuccess: () => toast.show('Free-trial link created.', 'success') },
    )
  }

  const copy = (path: string) => {
    const url = new URL(path, window.location.origin).toString()
    void navigator.clipboard?.writeText(url).then(
      () => toast.show('Link copied.', 'success'),
      () => toast.show(url),
    )
  }

  let list = <SkeletonRows count={2} label="Loading your free-trial links" />
  if (trials.isError)
    list = (
      <ErrorState error={trials.error} onRetry={() => void trials.refetch()} retrying={trials.isFetching} />
    )
  else if (trials.data && trials.data.list.length === 0)
    list = <EmptyState variant="compact" icon={<Gift />} title="No free-trial links yet" />
  else if (trials.data)
    list = (
      <ul className="v-set-card v-subs-list" aria-label="Free-trial links">
        {trials.data.list.map((trial) => (
          <li key={trial.code} className="v-subs-trial">
            <span className="v-subs-trial__text">
              <span className="v-subs-row__name">
                {trial.days}-day trial {trial.revoked ? '· revoked' : ''}
              </span>
              <span className="v-subs-row__line">
                Used {trial.uses} of {trial.max_uses} ·{' '}
                <span className="v-subs-trial__code">{trial.code}</span>
              </span>
            </span>
            {trial.revoked ? null : (
              <>
                <button
                  type="button"
                  className="v-icon-button"
                  aria-label="Copy link"
                  onClick={() => copy(trial.path)}
                >
                  <Copy aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="v-icon-button"
                  aria-label="Revoke link"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(trial.code)}
                >
                  <Trash2 aria-hidden="true" />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    )

  return (
    <section className="v-set-group" aria-label="Free-trial links">
      <h2 className="v-set-group__title">Free-trial links</h2>
      <form className="v-subs-form" onSubmit={submit} noValidate>
        <div className="v-subs-inline">
          <TextField
            label="Days"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={errors.days}
          />
          <TextField
            label="Uses"
            inputMode="numeric"
            value={uses}
            onChange={(e) => setUses(e.target.value)}
            error={errors.uses}
          />
        </div>
        {create.isError ? <Alert>{messageOf(create.error)}</Alert> : null}
        <Button type="submit" variant="secondary" block icon={<Plus />} loading={create.isPending}>
          Create link
        </Button>
      </form>
      {list}
      <p className="v-set-group__footer">
        New members with a card get the trial free; they are charged when it ends.
      </p>
    </section>
  )
}
