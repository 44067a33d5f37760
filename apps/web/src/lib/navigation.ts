/**
 * Navigation for code outside React components (the API client's 401 handling, logout). The app
 * bootstrap points it at the router; before that it falls back to a full page load.
 */
/** The signed-in home (the feed): where sign-in lands by default and where a back with no history goes. */
export const HOME_PATH = '/home'

/** Settings: where the back of a settings-style screen goes when there is no history. */
export const SETTINGS_PATH = '/setting'

export type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigateImpl: Navigate = (to, options) => {
  if (options?.replace) location.replace(to)
  else location.assign(to)
}

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options)
}

export function currentPath(): string {
  return `${location.pathname}${location.search}`
}
