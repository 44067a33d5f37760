/**
 * The server clock as the client knows it (spec §3 "server time difference"). Requests are signed with
 * server-corrected seconds; every answer's x-server-ts and the periodic systemFetch keep it in step.
 */
export interface ServerClock {
  /** Server-corrected Unix seconds. */
  nowSeconds(): number
  /** Server-corrected milliseconds. */
  nowMs(): number
  /** Record a server reading (whole seconds, as the server sends them). */
  syncTo(serverSeconds: number): void
  offsetMs(): number
}

export function createServerClock(localNow: () => number = () => Date.now()): ServerClock {
  let offset = 0
  return {
    nowMs: () => localNow() + offset,
    nowSeconds: () => Math.floor((localNow() + offset) / 1000),
    syncTo(serverSeconds) {
      if (!Number.isFinite(serverSeconds) || serverSeconds <= 0) return
      // The server floors to seconds: aim at the middle of that second.
      offset = serverSeconds * 1000 + 500 - localNow()
    },
    offsetMs: () => offset,
  }
}
