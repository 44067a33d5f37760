import { Posts, RequestBody } from './constants.ts'
import { CoreErrorCodes } from './core-errors.ts'
import { PayoutRules } from './money.ts'

export { CoreErrorCodes }

/**
 * The one table of error codes. Spec codes are kept (102, 101, 1001, 9002, 30023);
 * every other code is ours and stable: never reuse or renumber one.
 */
export const ErrorCodes = {
  ...CoreErrorCodes,
  Forbidden: { code: 1002, status: 403, message: "You don't have permission to do that." },
  NotFound: { code: 1003, status: 404, message: 'Not found.' },
  ValidationFailed: { code: 1004, status: 400, message: 'Some fields are not valid.' },
  RateLimited: { code: 1005, status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  /** The server could not get to the database in time (its pool was full, a row stayed locked): retry. */
  ServerBusy: {
    code: 1020,
    status: 503,
    message: 'We are very busy right now. Please try again in a moment.',
  },
  BadSignature: { code: 1010, status: 400, message: 'The request signature is not valid.' },
  PayloadTooLarge: { code: 1012, status: 413, message: 'The upload is too large.' },
  UnsupportedMedia: { code: 1013, status: 415, message: 'This file type is not supported.' },
  BodyTooDeep: {
    code: 1014,
    status: 400,
    message: `The request is nested too deeply (at most ${RequestBody.jsonMaxDepth} levels).`,
  },
  BodyTooLarge: { code: 1015, status: 413, message: 'The request is too large.' },
  PushSubscriptionTaken: {
    code: 1021,
    status: 409,
    message: 'This browser gets notifications for another account. Log out of it there first.',
  },
  CodeInvalid: { code: 2001, status: 400, message: 'The code is not correct.' },
  CodeExpired: { code: 2002, status: 400, message: 'The code has expired. Please request a new one.' },
  CodeTooManyTries: { code: 2003, status: 429, message: 'Too many wrong codes. Please request a new one.' },
  CodeResendTooSoon: { code: 2004, status: 429, message: 'Please wait before requesting another code.' },
  UsernameTaken: { code: 2006, status: 409, message: 'This username is taken.' },
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
  // Money: 5000-5099 ledger, wallet, unlocks and gifts; 5100-5199 payments and cards;
  // 5200-5299 memberships; 5300-5399 payouts and tax; 5400-5499 referrals.
  IdempotencyKeyMissing: {
    code: 5001,
    status: 400,
    message: 'This request needs an Idempotency-Key header (8-100 letters, digits, - or _).',
  },
  IdempotencyKeyReused: {
    code: 5002,
    status: 409,
    message: 'This request key was already used for a different request.',
  },
  IdempotencyInProgress: {
    code: 5003,
    status: 409,
    message: 'This request is still being processed. Please wait a moment.',
  },
  InsufficientCoins: { code: 5004, status: 402, message: "You don't have enough coins." },
  // -- wallet, unlocks and gifts (5010-5099) --
  NotForSale: { code: 5010, status: 409, message: 'This post is not sold with coins.' },
  PriceChanged: {
    code: 5011,
    status: 409,
    message: 'The price of this post has changed. Please check the new price.',
  },
  CannotBuyOwn: { code: 5012, status: 400, message: "You can't buy your own post." },
  GiftNotFound: { code: 5013, status: 404, message: 'This gift is not available.' },
  CannotGiftSelf: { code: 5014, status: 400, message: "You can't send a gift to yourself." },
  GiftRecipientInvalid: { code: 5015, status: 409, message: "This creator can't receive gifts." },
  // -- payments and cards (5100-5199) --
  CardNotFound: { code: 5101, status: 404, message: 'This card is not available.' },
  /** spec §8, word for word. */
  CardSaveFailed: { code: 5102, status: 400, message: 'Error occured, please try again.' },
  NoUsableCard: { code: 5103, status: 409, message: 'Please add a card first.' },
  PaymentsBlocked: {
    code: 5104,
    status: 403,
    message: 'Card payments are turned off for this account after a chargeback. Please contact support.',
  },
  PaymentNotFound: { code: 5105, status: 404, message: 'This payment is not available.' },
  PaymentProviderUnavailable: {
    code: 5106,
    status: 503,
    message: 'The card service is not answering. Please try again in a moment.',
  },
  // -- memberships (5200-5299) --
  MembershipNotOffered: { code: 5201, status: 404, message: 'This creator does not offer memberships yet.' },
  AlreadyMember: { code: 5202, status: 409, message: 'You are already a member of this creator.' },
  MembershipPriceChanged: {
    code: 5203,
    status: 409,
    message: 'The price has changed. Please check it and try again.',
  },
  MembershipCardRequired: { code: 5204, status: 402, message: 'Please add a card first.' },
  TrialNotValid: { code: 5205, status: 410, message: 'This free trial link is no longer valid.' },
  TrialNewMembersOnly: { code: 5206, status: 409, message: 'Free trials are for new members only.' },
  SubscriptionNotFound: { code: 5207, status: 404, message: 'You have no membership with this creator.' },
  CannotSubscribeSelf: { code: 5208, status: 400, message: 'You cannot subscribe to yourself.' },
  MembershipEnded: {
    code: 5209,
    status: 409,
    message: 'This membership has ended. Subscribe again to get access.',
  },
  TrialLinksLimit: { code: 5210, status: 409, message: 'Revoke an old free-trial link first.' },
  MembershipPaymentPending: {
    code: 5211,
    status: 409,
    message:
      'A payment for this membership is already in progress. Finish it, or try again in a few minutes.',
  },
  // -- payouts and tax (5300-5399) --
  PayoutNotCreator: { code: 5301, status: 403, message: 'Only creators can withdraw earnings.' },
  PayoutBelowMinimum: { code: 5302, status: 400, message: 'The minimum withdrawal is US$20.00.' },
  PayoutOverBalance: { code: 5303, status: 409, message: 'This is more than your available balance.' },
  PayoutTaxMissing: {
    code: 5304,
    status: 409,
    message: 'Please fill in your tax information before your first payout.',
  },
  PayoutMethodMissing: { code: 5305, status: 409, message: 'Please add a payout method first.' },
  PayoutMethodNotFound: { code: 5306, status: 404, message: 'This payout method is not available.' },
  PayoutsSuspended: {
    code: 5307,
    status: 409,
    message: 'Payouts are paused for one week after a failed withdrawal.',
  },
  PayoutMethodLimit: { code: 5308, status: 409, message: 'You can keep at most 10 payout methods.' },
  PayoutNotFound: { code: 5309, status: 404, message: 'This withdrawal is not available.' },
  PayoutNotCleared: {
    code: 5310,
    status: 409,
    message: `This is more than you can withdraw now. Earnings become available ${PayoutRules.clearingDays} days after each sale.`,
  },
  // -- referrals (5400-5499) --
  ReferralCodeUnknown: { code: 5401, status: 404, message: 'This referral link is not valid.' },
  ReferralSelf: { code: 5402, status: 400, message: "You can't refer yourself." },
  ReferralAlreadySet: { code: 5403, status: 409, message: 'Your account already has a referrer.' },
  ReferralClosed: {
    code: 5404,
    status: 409,
    message: 'A referrer can only be added before you become a creator.',
  },
  ConversationNotFound: { code: 6001, status: 404, message: 'This conversation is not available.' },
  ChatNotAllowed: { code: 6002, status: 403, message: "You can't message this account." },
  ChatMediaInvalid: {
    code: 6003,
    status: 409,
    message: 'Some photos or videos are not ready to send. Please wait for them to finish or remove them.',
  },
  ChatMediaCreatorsOnly: {
    code: 6004,
    status: 403,
    message: 'Only creators can send photos, videos and paid messages.',
  },
  MessagePriceChanged: {
    code: 6005,
    status: 409,
    message: 'The price of messages to this creator has changed. Please check it and send again.',
  },
  MessageNotForSale: { code: 6006, status: 409, message: 'This message is not sold with coins.' },
  ChatTipNotAllowed: { code: 6007, status: 403, message: 'Tips and gifts can only be sent to creators.' },
  // Mass messages: 6100-6199.
  MassTooManyRecipients: {
    code: 6101,
    status: 409,
    message: 'This audience has more than the maximum number of recipients. Choose a smaller audience.',
  },
  MassTooSoon: {
    code: 6102,
    status: 429,
    message: 'You can send one mass message every 6 hours.',
  },
  MassAudienceEmpty: {
    code: 6103,
    status: 409,
    message: 'No one in this audience can receive a message yet.',
  },
  MassNotFound: { code: 6104, status: 404, message: 'This mass message is not available.' },
  MassNotCancellable: {
    code: 6105,
    status: 409,
    message: 'This mass message has started sending and can no longer be cancelled.',
  },
  MassCreatorsOnly: { code: 6106, status: 403, message: 'Mass messages are for creators.' },
  MassListNotFound: { code: 6107, status: 404, message: 'One of these lists is not available.' },
} as const

export type ErrorName = keyof typeof ErrorCodes
export type ErrorCode = (typeof ErrorCodes)[ErrorName]['code']

// Made on first use, so that a bundle that never looks codes up does not carry the table.
let byCode: Map<number, (typeof ErrorCodes)[ErrorName]> | null = null

export function errorByCode(code: number) {
  byCode ??= new Map(Object.values(ErrorCodes).map((e) => [e.code, e]))
  return byCode.get(code)
}
