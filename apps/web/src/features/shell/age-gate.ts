import { AGE_GATE_EXEMPT_PATHS, CRAWLER_USER_AGENT } from '@velvet/contract'

const exempt = new Set<string>(AGE_GATE_EXEMPT_PATHS)

/** spec §4: the age gate shows unless the over-18 flag is '1', the agent is a crawler, or the path is exempt. */
export function shouldShowAgeGate(input: {
  flag: string | null
  userAgent: string
  pathname: string
}): boolean {
  if (input.flag === '1') return false
  if (CRAWLER_USER_AGENT.test(input.userAgent)) return false
  const path = input.pathname.length > 1 ? input.pathname.replace(/\/+$/, '') : input.pathname
  return !exempt.has(path)
}
