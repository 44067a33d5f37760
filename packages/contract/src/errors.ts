import { Posts } from './constants.ts'
/**
 * The one table of error codes. Spec codes are kept (102, 101, 1001, 9002, 30023);
 * every other code is ours and stable: never reuse or renumber one.
 */
export const ErrorCodes = {
  Timeout: { code: 101, status: 504, message: 'Poor network. You may try later. (101)' },
  Generic: { code: 102, status: 500, message: 'Something went wrong, please try later.' },
  /** Client-side only: the request got no answer at all (status 0). */
  NoNetwork: { code: 103, status: 0, message: 'No network, please try later.' },
  NotLoggedIn: { code: 1001, status: 401, message: 'Please log in to continue' },
  Forbidden: { code: 1002, status: 403, message: "You don't have permission to do that." },
  NotFound: { code: 1003, status: 404, message: 'Not found.' },
  ValidationFailed: { code: 1004, status: 400, message: 'Some fields are not valid.' },
  RateLimited: { code: 1005, status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  BadSignature: { code: 1010, status: 400, message: 'The request signature is not valid.' },
  ClockSkew: {
    code: 1011,
    status: 400,
    message: "Your device's clock is off. Please check the time and retry.",
  },
  PayloadTooLarge: { code: 1012, status: 413, message: 'The upload is too large.' },
  UnsupportedMedia: { code: 1013, status: 415, message: 'This file type is not supported.' },
  CodeInvalid: { code: 2001, status: 400, message: 'The code is not correct.' },
  CodeExpired: { code: 2002, status: 400, message: 'The code has expired. Please request a new one.' },
  CodeTooManyTries: { code: 2003, status: 429, message: 'Too many wrong codes. Please request a new one.' },
  CodeResendTooSoon: { code: 2004, status: 429, message: 'Please wait before requesting another code.' },
  UsernameTaken: { code: 2006, status: 409, message: 'This username is taken.' },
  RefreshNotDue: { code: 2007, status: 400, message: 'The session does not need refreshing yet.' },
  GoogleTokenInvalid: { code: 2008, status: 401, message: 'Google sign-in failed. Please try again.' },
  GoogleNotConfigured: { code: 2009, status: 503, message: 'Google sign-in is not available.' },
  SignupAlreadyComplete: { code: 2010, status: 409, message: 'Your profile is already complete.' },
  SignupNeedsLogin: { code: 2011, status: 403, message: 'Please sign in with your e-mail first.' },
  CannotFollowSelf: { code: 3001, status: 400, message: "You can't follow yourself." },
  UserUnavailable: { code: 3002, status: 403, message: 'This account is not available.' },
  CannotBlockSelf: { code: 3003, status: 400, message: "You can't block yourself." },
  ListNameTaken: { code: 3004, status: 409, message: 'You already have a list with this name.' },
  ListLimitReached: { code: 3005, status: 409, message: 'You have reached the maximum number of lists.' },
  ListFull: { code: 3006, status: 409, message: 'This list is full.' },
  LocationAlreadyBlocked: { code: 3010, status: 409, message: 'This location is already blocked.' },
  DeleteAccountUnavailable: {
    code: 3020,
    status: 409,
    message:
      'Delete account is unavailable while your coin or payout balance is negative. Please contact support.',
  },
  UnsubscribeLinkInvalid: {
    code: 3021,
    status: 400,
    message: 'This link is not valid any more. Please use the link in your latest e-mail.',
  },
  CannotRevokeCurrentSession: { code: 3022, status: 400, message: 'Use Log out to end this session.' },
  AgreementOutdated: {
    code: 3030,
    status: 409,
    message: 'The creator agreement has changed. Please read and accept the new version.',
  },
  AuditStepOrder: { code: 3031, status: 409, message: 'Please finish the earlier steps first.' },
  AlreadyCreator: { code: 3032, status: 409, message: 'You are already a verified creator.' },
  WebhookSignatureInvalid: { code: 3033, status: 401, message: 'The webhook signature is not valid.' },
  CreatorNotVerified: { code: 3034, status: 403, message: 'Please verify your identity as a creator first.' },
  IdentityCheckPending: { code: 3035, status: 409, message: 'Your identity check is being reviewed.' },
  PostNotFound: { code: 4001, status: 404, message: 'This post is not available.' },
  MediaNotReady: { code: 4002, status: 409, message: 'Wait until your uploads are finished.' },
  ScheduleInPast: { code: 4003, status: 400, message: 'Pick a time in the future.' },
  PinLimitReached: {
    code: 4004,
    status: 409,
    message: `You can pin at most ${Posts.pinnedMax} posts. Unpin one first.`,
  },
  MediaNotFound: { code: 4005, status: 404, message: 'This photo or video is not available.' },
  MediaUrlInvalid: { code: 4006, status: 403, message: 'This link has expired. Please reload the page.' },
  PostLocked: { code: 4007, status: 403, message: 'Unlock this post to see it.' },
  CommentNotFound: { code: 4008, status: 404, message: 'This comment is not available.' },
  UploadMismatch: { code: 4009, status: 409, message: 'The upload does not match the announced file.' },
  PostNotEditable: { code: 4010, status: 409, message: 'This post can no longer be changed that way.' },
  StaleClient: {
    code: 9002,
    status: 500,
    message: "It looks like you've been here for a while. Please refresh the page to continue. (9002)",
  },
  BlockedLocation: { code: 30023, status: 404, message: 'Sorry, the profile or page does not exist.' },
} as const

export type ErrorName = keyof typeof ErrorCodes
export type ErrorCode = (typeof ErrorCodes)[ErrorName]['code']

const byCode = new Map<number, (typeof ErrorCodes)[ErrorName]>(
  Object.values(ErrorCodes).map((e) => [e.code, e]),
)

export function errorByCode(code: number) {
  return byCode.get(code)
}
