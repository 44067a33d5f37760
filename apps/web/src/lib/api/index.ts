import { createApiClient } from './client.ts'

/** The one API client of the app; `app/bootstrap.ts` configures it once the client config is known. */
export const api = createApiClient()

export type { ApiClient, ApiEnvironment, ApiInput, CallOptions } from './client.ts'
export { ApiError, isApiError, messageOf } from './errors.ts'
