import type { PaymentOutcome } from '@velvet/contract'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { RequireAccount } from '../auth/index.ts'
import { BuyCoinsPanel } from './BuyCoinsPanel.tsx'
import { BuyCoinsResult } from './BuyCoinsResult.tsx'
import { PaymentParams, safeReturnPath, withoutParam } from './paths.ts'
import { usePaymentStatus } from './payments.queries.ts'
import { useSetupReturn } from './use-setup-return.ts'
import '../../ui/screen-kit.css'
import './payments.css'

/**
 * /pay/coins: buy coins by card. `need` preselects enough coins, `return` is where the fan goes once they
 * are in (the wallet's "not enough coins"), and `payment_id` is the way back from the 3DS page.
 */
export function BuyCoinsScreen() {
  return (
    <RequireAccount>
      <BuyCoins />
    </RequireAccount>
  )
}

function BuyCoins() {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const query = new URLSearchParams(search)
  const need = Number(query.get(PaymentParams.need)) || undefined
  const back = safeReturnPath(query.get(PaymentParams.back))
  const paymentId = Number(query.get(PaymentParams.payment)) || null
  const [savedCard, setSavedCard] = useState<number | null>(null)
  const finish = useSetupReturn(setSavedCard)
  const [bought, setBought] = useState<PaymentOutcome | null>(null)
  const status = usePaymentStatus(paymentId)
  const outcome = bought ?? (paymentId ? (status.data ?? null) : null)

  // Back to what the fan was doing once the coins are in (the unlock, the gift).
  useEffect(() => {
    if (outcome?.status !== 'succeeded' || !back) return
    const timer = setTimeout(() => void navigate(back, { replace: true }), 1_500)
    return () => clearTimeout(timer)
  }, [outcome?.status, back, navigate])

  const retry = () => {
    setBought(null)
    void navigate(withoutParam(pathname, search, PaymentParams.payment), { replace: true })
  }
  const done = () => void navigate(back ?? '/pay/wallet', { replace: Boolean(back) })
  // The 3DS page and the card form come back here, with the same need and way back.
  const returnPath = withoutParam(
    pathname,
    withoutParam('', search, PaymentParams.payment),
    PaymentParams.setupSession,
  )

  let content: ReactNode
  if (paymentId && status.isPending && !bought)
    content = <SkeletonRows count={1} label="Checking your payment" />
  else if (paymentId && status.isError && !bought)
    content = (
      <ErrorState error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />
    )
  else if (outcome)
    content = (
      <BuyCoinsResult
        outcome={outcome}
        onContinue={done}
        continueLabel={back ? 'Continue' : 'Go to wallet'}
        onRetry={retry}
        stalled={!bought && status.wait === 'stalled'}
        onCheckAgain={status.checkAgain}
      />
    )
  else if (finish.isPending) content = <SkeletonRows count={2} label="Saving your card" />
  else
    content = (
      <BuyCoinsPanel
        neededCoins={need}
        returnPath={returnPath}
        preferredCardId={savedCard}
        onBought={setBought}
      />
    )

  return (
    <div className="v-screen">
      <ScreenBar title="Buy coins" fallback="/pay/wallet" />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
