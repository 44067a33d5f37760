/** Screens of withdrawals (spec §2 routes) and their query parameters. */
export const PayoutPaths = {
  home: '/pay/payout',
  methods: '/pay/payout/payout_method',
  ach: '/pay/payout/ach',
  paypal: '/pay/payout/paypal',
  usdt: '/pay/payout/usdt',
  success: '/pay/payout/success',
  /** Ours (the spec lists tax settings among creator tools without a path). */
  tax: '/pay/payout/tax',
} as const

export const PayoutParams = {
  payout: 'payout_id',
  /** Where a method or tax form goes back to when done (an app path). */
  back: 'return',
} as const

export function successPath(payoutId: number): string {
  return `${PayoutPaths.success}?${PayoutParams.payout}=${payoutId}`
}
