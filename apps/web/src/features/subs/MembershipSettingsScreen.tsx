import {
  MembershipLimits,
  type MembershipPlan,
  MembershipRules,
  type PromoInput,
  SavePlanInput,
  SubsPaths,
} from '@velvet/contract'
import { Save } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { toast } from '../../ui/toast-store.ts'
import { RequireAccount } from '../auth/index.ts'
import { usePlanMine, useSavePlan } from './subs.queries.ts'
import { parseUsd } from './subs-format.ts'
import { TrialLinks } from './TrialLinks.tsx'
import '../../ui/screen-kit.css'
import './subs.css'

/** /subs/settings: the creator's monthly price, bundles, a promo for new members and free-trial links. */
export function MembershipSettingsScreen() {
  return (
    <RequireAccount>
      <MembershipSettings />
    </RequireAccount>
  )
}

function MembershipSettings() {
  const plan = usePlanMine()
  let content = <SkeletonRows count={3} label="Loading your membership settings" />
  if (plan.isError)
    content = <ErrorState error={plan.error} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />
  else if (plan.data)
    content = (
      <>
        <PlanForm plan={plan.data.plan} promo={plan.data.promo_input} />
        {plan.data.plan ? <TrialLinks /> : null}
      </>
    )
  return (
    <div className="v-screen">
      <ScreenBar title="Membership settings" fallback={SubsPaths.subscribers} />
      <main className="v-set-body">
        <p className="v-set-intro">
          Fans pay this price every month by card. You keep your share of every charge; renewals are
          automatic.
        </p>
        {content}
      </main>
    </div>
  )
}

type BundleState = Record<3 | 6 | 12, { on: boolean; discount: string }>

const dateInput = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

function PlanForm({
  plan,
  promo,
}: {
  plan: MembershipPlan | null
  promo: z.infer<typeof PromoInput> | null
}) {
  const save = useSavePlan()
  const [price, setPrice] = useState(plan ? (plan.price_cents / 100).toFixed(2) : '')
  const [bundles, setBundles] = useState<BundleState>(() => {
    const of = (months: 3 | 6 | 12) => {
      const found = plan?.bundles.find((b) => b.months === months)
      return { on: found !== undefined, discount: String(found?.discount_percent ?? 10) }
    }
    return { 3: of(3), 6: of(6), 12: of(12) }
  })
  const [promoOn, setPromoOn] = useState(promo !== null)
  const [promoPercent, setPromoPercent] = useState(String(promo?.percent_off ?? 50))
  const [promoEnds, setPromoEnds] = useState(
    promo ? dateInput(promo.ends_at) : dateInput(Date.now() / 1000 + 7 * 86_400),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsedPrice = parseUsd(price, MembershipRules.priceMessage)
    if ('error' in parsedPrice) {
      setErrors({ price: parsedPrice.error })
      return
    }
    const input = {
      price_usd: parsedPrice.usd,
      bundles: MembershipRules.bundleMonths
        .filter((months) => bundles[months].on)
        .map((months) => ({ months, discount_percent: Number(bundles[months].discount) })),
      promo: promoOn
        ? {
            percent_off: Number(promoPercent),
            ends_at: Math.floor(new Date(`${promoEnds}T23:59:59Z`).getTime() / 1000),
          }
        : null,
    }
    const checked = SavePlanInput.safeParse(input)
    if (!checked.success) {
      const next: Record<string, string> = {}
      for (const issue of checked.error.issues) next[issue.path.join('.')] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    save.mutate(checked.data, { onSuccess: () => toast.show('Membership settings saved.', 'success') })
  }

  return (
    <form className="v-subs-form" onSubmit={submit} noValidate>
      <TextField
        label="Monthly price (US$)"
        inputMode="decimal"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        error={errors.price ?? errors.price_usd}
        hint={`From US$${MembershipRules.priceMinUsd} to US$${MembershipRules.priceMaxUsd.toLocaleString('en-US')}`}
      />
      <fieldset className="v-subs-choices">
        <legend className="v-set-group__title">Bundles</legend>
        {MembershipRules.bundleMonths.map((months, index) => (
          <div key={months} className="v-subs-bundle">
            <label className="v-subs-bundle__toggle">
              <input
                type="checkbox"
                checked={bundles[months].on}
                onChange={(event) =>
                  setBundles({ ...bundles, [months]: { ...bundles[months], on: event.target.checked } })
                }
              />
              {months} months
            </label>
            <TextField
              label={`Discount for ${months} months (%)`}
              hideLabel
              inputMode="numeric"
              disabled={!bundles[months].on}
              value={bundles[months].discount}
              trailing={<span aria-hidden="true">% off</span>}
              onChange={(event) =>
                setBundles({ ...bundles, [months]: { ...bundles[months], discount: event.target.value } })
              }
              error={errors[`bundles.${index}.discount_percent`]}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="v-subs-choices">
        <legend className="v-set-group__title">Promo for new members</legend>
        <label className="v-subs-bundle__toggle">
          <input type="checkbox" checked={promoOn} onChange={(event) => setPromoOn(event.target.checked)} />
          Discount the first month
        </label>
        {promoOn ? (
          <div className="v-subs-inline">
            <TextField
              label="Percent off"
              inputMode="numeric"
              value={promoPercent}
              onChange={(event) => setPromoPercent(event.target.value)}
              error={errors['promo.percent_off']}
              hint={`${MembershipLimits.promoPercentMin}-${MembershipLimits.promoPercentMax}%`}
            />
            <TextField
              label="Ends on"
              type="date"
              value={promoEnds}
              onChange={(event) => setPromoEnds(event.target.value)}
              error={errors['promo.ends_at']}
            />
          </div>
        ) : null}
      </fieldset>
      {save.isError ? <Alert>{messageOf(save.error)}</Alert> : null}
      <Button type="submit" block icon={<Save />} loading={save.isPending}>
        Save
      </Button>
    </form>
  )
}
