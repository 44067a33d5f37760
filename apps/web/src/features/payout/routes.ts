import type { RouteObject } from 'react-router'
import { PayoutPaths } from './paths.ts'

/** Withdrawals and payout methods (/pay/payout/*), each its own lazily loaded chunk. */
export const payoutRoutes: RouteObject[] = [
  {
    path: PayoutPaths.home,
    lazy: () => import('./PayoutScreen.tsx').then((m) => ({ Component: m.PayoutScreen })),
  },
  {
    path: PayoutPaths.methods,
    lazy: () => import('./PayoutMethodsScreen.tsx').then((m) => ({ Component: m.PayoutMethodsScreen })),
  },
  {
    path: PayoutPaths.ach,
    lazy: () => import('./MethodForms.tsx').then((m) => ({ Component: m.AchScreen })),
  },
  {
    path: PayoutPaths.paypal,
    lazy: () => import('./MethodForms.tsx').then((m) => ({ Component: m.PaypalScreen })),
  },
  {
    path: PayoutPaths.usdt,
    lazy: () => import('./MethodForms.tsx').then((m) => ({ Component: m.UsdtScreen })),
  },
  {
    path: PayoutPaths.tax,
    lazy: () => import('./TaxScreen.tsx').then((m) => ({ Component: m.TaxScreen })),
  },
  {
    path: PayoutPaths.success,
    lazy: () => import('./SuccessScreen.tsx').then((m) => ({ Component: m.PayoutSuccessScreen })),
  },
]
