import { QueryClient } from '@tanstack/react-query'
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
    mutations: { retry: false },
  },
})
