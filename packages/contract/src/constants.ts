/** Business constants and timings of spec §9, in one place for web and server. */
export const Session = {
  tokenType: 'Bearer',
  maxAgeSeconds: 5_184_000,
  refreshWindowSeconds: 172_800,
  /**
   * A browser's bearer token (docs/api.md "Sessions"): the page holds it in memory only and exchanges the
   * HttpOnly session cookie for a new one before it runs out.
   */
  pageTokenSeconds: 900,
  /** The page renews its bearer token when it has less than this left. */
  pageTokenRenewSeconds: 60,
} as const

/**
 * Answers the server keeps in memory (docs/decisions.md, "Feed speed (issue 5)"). A cached answer is dropped
 * at once when its user changes something (on every process through Redis), and at the latest after its TTL.
 */
export const Caching = {
  /** How long a session lookup (token -> viewer) is reused. */
  sessionSeconds: 10,
  sessionEntries: 50_000,
  /**
   * How long a viewer's first home feed page is answered again as it was (signed media urls included, so it
   * must stay far below `Media.signedUrlSeconds`); never past a membership's end.
   */
  feedPageSeconds: 15,
  /**
   * Pages kept per process, the oldest stored going first (a page answers about 11 KB of JSON; kept as objects
   * with its media records it is more).
   */
  feedPages: 2_000,
  /** Suggested-creator lists kept per process (one per viewer and address; a list is about 2 KB of JSON). */
  suggestedLists: 2_000,
  /**
   * After a user changed, nothing about them is stored for this long: a change announced before its transaction
   * commits (a webhook's membership) cannot be cached as it was before.
   */
  settleMs: 2_000,
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

/**
 * What a JSON request body may be, checked on its raw text before it is parsed: a body nested
 * thousands deep overflows the stack of whatever walks it after JSON.parse (the signature's JSON.stringify).
 */
export const RequestBody = {
  /** The largest call input (a tax form, a 2,000-character message escaped as \uXXXX) is about 12 KB. */
  jsonMaxBytes: 64 * 1024,
  /** Arrays and objects inside one another; the deepest call input (a mass message's audience lists) is 3. */
  jsonMaxDepth: 8,
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
  /**
   * Sign-in attempts with a code per e-mail, from every address together, right or wrong (1005 beyond).
   * With five tries per code this is what bounds guessing one account's codes, however many addresses an
   * attacker has: about 30 guesses a day against a million codes. Counted in Redis when it is set.
   */
  loginAttemptsPerEmail: [
    { max: 10, windowSeconds: 3_600 },
    { max: 30, windowSeconds: 86_400 },
  ],
  /** Code requests per e-mail, from every address together, refused ones too (1005 beyond). */
  codeRequestsPerEmail: [{ max: 10, windowSeconds: 3_600 }],
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

/** Who may see a post (spec §3 enumerations). */
export const Visibility = { Everyone: 1, PPV: 2, Members: 3, MembersAndPPV: 4 } as const
export type Visibility = (typeof Visibility)[keyof typeof Visibility]

/** A post's place in its lifecycle (spec §4: a new post is a draft; editing a scheduled one drafts it again). */
export const PostState = { Draft: 0, Scheduled: 1, Published: 2 } as const
export type PostState = (typeof PostState)[keyof typeof PostState]

/** An uploaded file's state; spec §3: a post's media entries each have state 1 (ready). */
export const MediaState = { Uploading: 0, Ready: 1, Processing: 2, Failed: 3 } as const
export type MediaState = (typeof MediaState)[keyof typeof MediaState]

const MiB = 1024 * 1024

/** Uploads and media processing (spec §5 md5 rule; limits decided in docs/decisions.md). */
export const Media = {
  /** spec §5: files up to this size are hashed whole, read in md5ChunkBytes pieces; larger ones are sampled. */
  md5SampleAboveBytes: 209_715_200,
  md5ChunkBytes: 2 * MiB,
  /** spec §5: a sample takes the first and last md5ChunkBytes, plus this many slices when over 4 MB. */
  md5SampleSlices: 8,
  md5SampleSlicesAboveBytes: 4 * MiB,
  /** Size of each resumable upload request. */
  uploadChunkBytes: 8 * MiB,
  imageMaxBytes: 50 * MiB,
  videoMaxBytes: 4096 * MiB,
  /** Decoded pixels an image may have; more is a decompression bomb and is refused with 413. */
  imageMaxPixels: 100_000_000,
  videoMaxSeconds: 3 * 60 * 60,
  videoMaxPixels: 3840 * 2160,
  /** Widths of the image renditions (each as WebP and a JPEG fallback), never upscaled. */
  imageWidths: [480, 960, 1600] as const,
  /** Width of the blurred preview shown for locked media (a data URL in the post). */
  previewWidth: 32,
  /** Signed media URLs are bound to the viewer and live this long (5 min). */
  signedUrlSeconds: 300,
  /** An unfinished upload is discarded after this long. */
  uploadExpirySeconds: 24 * 60 * 60,
  acceptedImageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const,
  acceptedVideoTypes: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const,
} as const

/** Posts, comments and the feed (decisions in docs/decisions.md). */
export const Posts = {
  captionMax: 2000,
  mediaMax: 20,
  /** A PPV price in coins (DESIGN §4: 1-10000). */
  priceMin: 1,
  priceMax: 10_000,
  commentMax: 1000,
  /** A scheduled time must be at least this far ahead (spec §5: never in the past). */
  scheduleMinLeadSeconds: 60,
  scheduleMaxDays: 180,
  /** Posts pinned to the top of a profile at once. */
  pinnedMax: 3,
  feedPageSize: 10,
  gridPageSize: 24,
  commentsPageSize: 30,
  suggestedCreators: 10,
} as const
