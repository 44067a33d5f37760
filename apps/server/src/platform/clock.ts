/** The time a rule is judged by: the wall clock in production, a movable one in tests. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
