/**
 * The codes the app shell itself needs (the API client, the error pages, start-up): kept apart so that the
 * first screen's bundle carries these few rather than the whole table. Part of ErrorCodes (errors.ts);
 * a module of its own, since a bundle takes a module whole.
 */
export const CoreErrorCodes = {
  Timeout: { code: 101, status: 504, message: 'Poor network. You may try later. (101)' },
  Generic: { code: 102, status: 500, message: 'Something went wrong, please try later.' },
  /** Client-side only: the request got no answer at all (status 0). */
  NoNetwork: { code: 103, status: 0, message: 'No network, please try later.' },
  NotLoggedIn: { code: 1001, status: 401, message: 'Please log in to continue' },
  ClockSkew: {
    code: 1011,
    status: 400,
    message: "Your device's clock is off. Please check the time and retry.",
  },
  // 2007 (refresh not due) is retired: a refresh outside the window answers `refreshed: false`.
  StaleClient: {
    code: 9002,
    status: 500,
    message: "It looks like you've been here for a while. Please refresh the page to continue. (9002)",
  },
  BlockedLocation: { code: 30023, status: 404, message: 'Sorry, the profile or page does not exist.' },
} as const
