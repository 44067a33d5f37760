import type { RouteObject } from 'react-router'

/** The wallet (/pay/wallet) and transactions (/pay/transactions). */
export const walletRoutes: RouteObject[] = [
  {
    path: '/pay/wallet',
    lazy: () => import('./WalletScreen.tsx').then((m) => ({ Component: m.WalletScreen })),
  },
  {
    path: '/pay/transactions',
    lazy: () => import('./TransactionsScreen.tsx').then((m) => ({ Component: m.TransactionsScreen })),
  },
]
