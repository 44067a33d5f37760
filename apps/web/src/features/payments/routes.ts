import type { RouteObject } from 'react-router'
import { PaymentPaths } from './paths.ts'

/** Saved cards (/manage/cards) and buying coins (/pay/coins), each its own lazily loaded chunk. */
export const paymentRoutes: RouteObject[] = [
  {
    path: PaymentPaths.cards,
    lazy: () => import('./CardsScreen.tsx').then((m) => ({ Component: m.CardsScreen })),
  },
  {
    path: PaymentPaths.coins,
    lazy: () => import('./BuyCoinsScreen.tsx').then((m) => ({ Component: m.BuyCoinsScreen })),
  },
]
