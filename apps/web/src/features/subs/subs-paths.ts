/** The creator's membership settings (price, bundles, promo, trial links): a screen Velvet adds under /subs/. */
export const SubsSettingsPath = '/subs/settings'

/** Query parameters of the membership screen. */
export const SubsParams = {
  /** The card the fan chose before the bank's 3DS page: chosen again when it comes back. */
  card: 'card',
} as const

/** The path with one query parameter set (replacing it if present). */
export function withParam(path: string, name: string, value: string): string {
  const [pathname = '', search = ''] = path.split('?', 2)
  const query = new URLSearchParams(search)
  query.set(name, value)
  return `${pathname}?${query.toString()}`
}
