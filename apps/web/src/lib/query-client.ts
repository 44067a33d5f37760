import { QueryClient, type QueryKey } from '@tanstack/react-query'
import { isApiError } from './api/errors.ts'

/** The one TanStack Query cache (server state). Logout clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refused call (4xx: validation, not logged in...) does not get better by retrying.
      retry: (failures, error) =>
        failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
    // An action taken offline fails at once with the spec §8 network message ("No network, please try
    // later."), undone on screen; it is never paused and sent later without the person knowing.
    mutations: { retry: false, networkMode: 'always' },
  },
})

/**
 * Puts a server answer in the cache in place of what a query holds. A read of the same key still in
 * flight started before the change and would land after it with the old state (a list without the card
 * just saved), so it is cancelled first.
 */
export async function replaceQueryData<T>(client: QueryClient, queryKey: QueryKey, data: T) {
  await client.cancelQueries({ queryKey, exact: true })
  client.setQueryData(queryKey, data)
}
