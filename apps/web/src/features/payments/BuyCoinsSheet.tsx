import type { PaymentOutcome } from '@velvet/contract'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { BuyCoinsPanel } from './BuyCoinsPanel.tsx'
import { BuyCoinsResult } from './BuyCoinsResult.tsx'
import { coinsPath } from './paths.ts'
import './payments.css'

export interface BuyCoinsSheetProps {
  open: boolean
  /** Coins missing for what the fan is doing (the smallest pack covering them is preselected). */
  neededCoins?: number
  /** Where to come back after a 3DS page or adding a card (default: this page). */
  returnTo?: string
  onClose: () => void
  /** The coins are in: the new balance. */
  onBought: (balance: number) => void
}

/**
 * "Not enough coins" (unlocks, gifts): buy coins without leaving the page. A purchase that needs 3DS (or
 * a card added on the provider's page) leaves the app; the way back is /pay/coins with `return`, which
 * shows the result and then returns to `returnTo`.
 */
export function BuyCoinsSheet({ open, neededCoins, returnTo, onClose, onBought }: BuyCoinsSheetProps) {
  const { pathname, search } = useLocation()
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null)
  const back = returnTo ?? `${pathname}${search}`
  const close = () => {
    setOutcome(null)
    onClose()
  }
  return (
    <BottomSheet open={open} onClose={close} title="Buy coins">
      {outcome ? (
        <BuyCoinsResult
          outcome={outcome}
          continueLabel="Continue"
          onContinue={() => {
            setOutcome(null)
            onBought(outcome.balance ?? 0)
          }}
          onRetry={() => setOutcome(null)}
        />
      ) : (
        <BuyCoinsPanel
          neededCoins={neededCoins}
          returnPath={coinsPath({ need: neededCoins ?? null, back })}
          onBought={setOutcome}
        />
      )}
    </BottomSheet>
  )
}
