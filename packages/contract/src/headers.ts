/** Request headers every API call carries (spec §7). Lower-case, as Node presents them. */
export const Headers = {
  userId: 'x-user-id',
  token: 'authorization',
  platform: 'x-platform',
  platformUi: 'x-platform-ui',
  timezone: 'x-timezone',
  deviceId: 'x-device-id',
  userRole: 'x-user-role',
  userType: 'x-user-type',
  internalTest: 'x-internal-test',
  signature: 'x-sign',
  appVersion: 'x-app-version',
  /** Response header: the server clock in seconds, so a client can correct its own. */
  serverTs: 'x-server-ts',
  idempotencyKey: 'idempotency-key',
  /**
   * `1` from the web app: the session lives in the HttpOnly cookie and answers carry a short-lived page token
   * instead of the session token (docs/api.md "Sessions"). Other clients leave it out and hold the token.
   */
  sessionCookie: 'x-session-cookie',
} as const
