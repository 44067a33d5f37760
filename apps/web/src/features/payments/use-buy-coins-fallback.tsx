import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { walletKeys } from '../../lib/query-keys.ts'
import { BuyCoinsSheet } from './BuyCoinsSheet.tsx'

export interface BuyCoinsFallback {
  /** Not enough coins: opens the coin sheet for the `coins` missing. */
  buy(coins: number): void
  /** The coin sheet while the fan is buying, else null. A paying sheet shows it in its own place. */
  sheet: ReactNode
}

/**
 * "Not enough coins" where the fan pays (a tip, a gift, an unlock, a paid message): the coin sheet for the
 * missing coins, then back to what the fan was doing with the balance fetched again. `onBought` clears the
 * paying sheet's last answer (the "not enough coins" one).
 */
export function useBuyCoinsFallback({
  open = true,
  returnTo,
  onBought,
}: {
  open?: boolean
  /** Where a purchase that leaves the app (3DS, adding a card) comes back to (default: this page). */
  returnTo?: string
  onBought?: () => void
}): BuyCoinsFallback {
  const client = useQueryClient()
  const [buying, setBuying] = useState<number | null>(null)
  const sheet =
    buying === null ? null : (
      <BuyCoinsSheet
        open={open}
        neededCoins={buying}
        returnTo={returnTo}
        onClose={() => setBuying(null)}
        onBought={() => {
          setBuying(null)
          onBought?.()
          void client.invalidateQueries({ queryKey: walletKeys.all })
        }}
      />
    )
  return { buy: setBuying, sheet }
}
