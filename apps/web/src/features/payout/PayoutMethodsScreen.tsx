import { useQueryClient } from '@tanstack/react-query'
import { PayoutFeeLabels, type PayoutMethod, PayoutMethodKind, PayoutMethodTitles } from '@velvet/contract'
import { Check, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { confirm } from '../../ui/confirm-store.ts'
import { RowGroup, RowLink } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { toast } from '../../ui/toast-store.ts'
import { RequireAccount } from '../auth/index.ts'
import { MethodGlyph, MethodIcon } from './MethodIcon.tsx'
import { PayoutPaths } from './paths.ts'
import {
  payoutKeys,
  usePayoutMethods,
  useRemovePayoutMethod,
  useSetDefaultPayoutMethod,
} from './payout.queries.ts'
import '../../ui/screen-kit.css'
import './payout.css'

/** /pay/payout/payout_method: saved methods (choose the default, remove) and the three ways to add one. */
export function PayoutMethodsScreen() {
  return (
    <RequireAccount>
      <Methods />
    </RequireAccount>
  )
}

function MethodRow({ method }: { method: PayoutMethod }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const removeMethod = useRemovePayoutMethod()
  const makeDefault = useSetDefaultPayoutMethod()
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await action()
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all })
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    const sure = await confirm({
      title: 'Remove this payout method?',
      message: `${method.title}: ${method.detail}`,
      confirmLabel: 'Remove',
      tone: 'danger',
    })
    if (sure) await run(() => removeMethod.mutateAsync(method.method_id))
  }
  return (
    <div className="v-set-row v-payout-method" aria-busy={busy || undefined}>
      <MethodIcon kind={method.kind} />
      <span className="v-set-row__text">
        <span className="v-set-row__title">
          {method.title}{' '}
          {method.is_default ? <span className="v-set-tag v-set-tag--accent">Default</span> : null}
        </span>
        <span className="v-set-row__hint">{method.detail}</span>
      </span>
      <span className="v-set-row__end">
        {!method.is_default ? (
          <button
            type="button"
            className="v-icon-button"
            aria-label={`Make ${method.title} ${method.detail} the default`}
            disabled={busy}
            onClick={() => void run(() => makeDefault.mutateAsync(method.method_id))}
          >
            <Check aria-hidden="true" />
          </button>
        ) : null}
        <button
          type="button"
          className="v-icon-button"
          aria-label={`Remove ${method.title} ${method.detail}`}
          disabled={busy}
          onClick={() => void remove()}
        >
          <Trash2 aria-hidden="true" />
        </button>
      </span>
    </div>
  )
}

const addLinks = [
  { kind: PayoutMethodKind.Ach, to: PayoutPaths.ach, hint: 'US bank account · no fee' },
  {
    kind: PayoutMethodKind.PayPal,
    to: PayoutPaths.paypal,
    hint: `US$0.25 in the US · ${PayoutFeeLabels[2].nonUs} elsewhere`,
  },
  { kind: PayoutMethodKind.Usdt, to: PayoutPaths.usdt, hint: 'TRON network · US$3.00 fee' },
] as const

function Methods() {
  const query = usePayoutMethods()
  let saved = <SkeletonRows count={2} label="Loading payout methods" />
  if (query.isError && !query.data)
    saved = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data)
    saved =
      query.data.list.length > 0 ? (
        <RowGroup
          title="Your payout methods"
          footer="Withdrawals go to the method you choose; the default is chosen first."
        >
          {query.data.list.map((method) => (
            <MethodRow key={method.method_id} method={method} />
          ))}
        </RowGroup>
      ) : (
        <p className="v-set-intro">You have no payout method yet. Add one to withdraw your earnings.</p>
      )
  return (
    <div className="v-screen">
      <ScreenBar title="Payout methods" fallback={PayoutPaths.home} />
      <main className="v-set-body">
        {saved}
        <RowGroup title="Add a method">
          {addLinks.map((link) => (
            <RowLink
              key={link.kind}
              to={link.to}
              icon={<MethodGlyph kind={link.kind} />}
              title={PayoutMethodTitles[link.kind]}
              hint={link.hint}
            />
          ))}
        </RowGroup>
      </main>
    </div>
  )
}
