import { OpenSource } from '@velvet/contract'

/** spec §4: standalone (installed app) is open mode 1, a browser tab is 2. */
export function openMode(matchMedia: (query: string) => { matches: boolean }): 1 | 2 {
  return matchMedia('(display-mode: standalone)').matches ? OpenSource.Standalone : OpenSource.Browser
}
