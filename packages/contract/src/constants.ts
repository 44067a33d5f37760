/** Business constants and timings of spec §9, in one place for web and server. */
export const Session = {
  tokenType: 'Bearer',
  maxAgeSeconds: 5_184_000,
  refreshWindowSeconds: 172_800,
} as const

export const Timing = {
  httpTimeoutMs: 30_000,
  pushTokenReportMs: 3_000_000,
  versionPollMs: 600_000,
  userReportMs: 60_000,
  timeSyncMs: 60_000,
  socketReconnectMs: 5_000,
  heartbeatMs: 20_000,
  heartbeatTimeoutMs: 10_000,
  becomeHostTipMs: 5_000,
  toastMs: 2_000,
  promptMs: 2_000,
  notificationAutoCloseMs: 1_000,
  logoutRedirectMs: 500,
  callBannerTimeoutSec: 140,
  ageGateDelayMs: 800 + 400,
} as const

export const Signing = {
  /** A request whose ts is further than this from the server clock is rejected. */
  maxSkewSeconds: 300,
} as const

export const EmailCode = {
  length: 6,
  ttlSeconds: 600,
  maxTries: 5,
  /** One new code per e-mail at most this often. */
  resendAfterSeconds: 60,
  /** At most this many codes per e-mail per hour. */
  perEmailPerHour: 5,
  /** At most this many code requests per IP per hour. */
  perIpPerHour: 20,
} as const

export const Profile = {
  usernameMin: 6,
  usernameMax: 30,
  nicknameMin: 2,
  nicknameMax: 40,
  bioMax: 1000,
  minimumAge: 18,
  portraitSize: 512,
  portraitMaxBytes: 10 * 1024 * 1024,
  portraitMaxPixels: 40_000_000,
} as const

export const UserRole = { None: -1, Viewer: 0, Creator: 1 } as const
export const UserType = { LoggedIn: 0, Anonymous: 3 } as const

export const DEFAULT_PLATFORM = 'rm11'
export const PRODUCT_NAME = 'Velvet'

/** Brands a username must not contain: ours and other platforms'. */
export const FORBIDDEN_BRANDS = [
  'velvet',
  'onlyfans',
  'fansly',
  'fanvue',
  'patreon',
  'manyvids',
  'justforfans',
  'loyalfans',
  'fancentro',
  'chaturbate',
  'pornhub',
] as const

/** Profiles, follows, lists, blocks and reports (decisions in docs/decisions.md). */
export const Social = {
  /** Days an old username keeps redirecting to the profile (and stays reserved for its owner). */
  usernameRedirectDays: 30,
  listNameMax: 40,
  listsPerUser: 50,
  membersPerList: 10_000,
  reportDetailsMax: 1000,
  /** Follows and unfollows per viewer per minute (anti-abuse). */
  followsPerMinute: 60,
} as const

/** Creator verification and creator settings. */
export const Creator = {
  /** The creator agreement version a new acceptance must name. */
  agreementVersion: '2026-11-01',
  socialHandleMax: 64,
  referrerCodeMax: 32,
  /** A signed identity-partner webhook older or newer than this is refused. */
  webhookToleranceSeconds: 300,
  legalNameMax: 120,
  documentMaxBytes: 10 * 1024 * 1024,
} as const

export const Account = {
  /** Sessions listed on /user/account. */
  sessionsShown: 50,
} as const
