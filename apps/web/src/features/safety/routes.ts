/** The blocked-locations screen (spec §2): its own lazily loaded chunk, placed under info's paths. */
export const blockedLocationsRoute = () =>
  import('./BlockedLocationsScreen.tsx').then((m) => ({ Component: m.BlockedLocationsScreen }))
