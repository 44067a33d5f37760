/** Rules of the app shell (spec §2, §4, §9) shared by web and server. */
import { z } from 'zod'

/** Paths where the age gate is never shown (spec §2). */
export const AGE_GATE_EXEMPT_PATHS = [
  '/terms',
  '/privacy',
  '/content-moderation',
  '/complaint-process',
  '/data-retention-policy',
  '/terms-of-service',
  '/ref/about_referral',
] as const

/** Search and social crawlers that never see the age gate (matched case-insensitively against the UA). */
export const CRAWLER_USER_AGENT =
  /googlebot|bingbot|yandex|baiduspider|duckduckbot|slurp|applebot|facebookexternalhit|facebot|twitterbot|linkedinbot|pinterest|redditbot|discordbot|telegrambot|whatsapp|slackbot|embedly|petalbot/i

/** Pages whose content is not limited to the feed width (spec §2 Main layout). */
export const FULL_WIDTH_PATHS = [
  '/',
  '/login',
  '/terms',
  '/privacy',
  '/complaint-process',
  '/content-moderation',
  '/transfer',
  '/data-retention-policy',
  '/branding',
  '/blog',
  '/about',
  '/concierge',
  '/ref/about_referral',
] as const

/** Tab screens (spec §2): the bottom tab bar shows on these and on the own profile. */
export const TAB_PATHS = ['/home', '/notifications', '/message'] as const

export const Layout = {
  baseFontPx: 16,
  referenceWidthPx: 414,
  maxScale: 2,
  scaleBelowPx: 500,
  feedWidthFromPx: 430,
  feedWidthRatio: 1.9,
  feedWidthRem: 30.125,
  shadowFromPx: 420,
  desktopInfoFromPx: 768,
  confirmDialogRem: 21.875,
} as const

export const UNREAD_BADGE_CAP = 99

/** '99+' above the cap, the number otherwise, nothing for 0. */
export function badgeText(count: number): string {
  if (count <= 0) return ''
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count)
}

/** The deployed client version (spec §7: GET /v.json, polled every Timing.versionPollMs). */
export const VERSION_PATH = '/v.json'
export const VersionFile = z.object({ version: z.string().min(1) })
export type VersionFile = z.infer<typeof VersionFile>

/** Where the error pages live (spec §2 Error page); /error/{status} renders the same page a failure does. */
export const ERROR_PATH = '/error'

/**
 * Pages that may leave for an external site (spec §2). The switch is configuration: without a URL the
 * page shows our own content.
 */
export const EXTERNAL_REDIRECT_PATHS = [
  '/blog',
  '/podcast',
  '/about',
  '/creators',
  '/press',
  '/revenue',
  '/concierge',
] as const
export type ExternalRedirectPath = (typeof EXTERNAL_REDIRECT_PATHS)[number]

/** Browser storage names of the shell (spec §2, §4). */
export const ShellStorageKeys = {
  /** localStorage: '1' once the visitor said they are over 18. */
  over18: 'velvet.over18',
  /** sessionStorage: the become-host bubble was shown in this session. */
  becomeHostShown: 'velvet.become_host_shown',
  /** localStorage: the new-feature dialog was shown (spec names; v2 is the current dialog). */
  newFeatureV1: 'sdnfd',
  newFeatureV2: 'sdnfdv2',
  /** localStorage (spec §3 open_create): an e-mail link asked to open the create popup. */
  openCreate: 'open_create',
  /**
   * localStorage (spec §3 renewal_target_user_id): the creator whose membership renewal an e-mail link
   * asked to open; the membership screens open it once.
   */
  renewalTarget: 'renewal_target_user_id',
} as const

/** The search site 'Leave' on the age gate goes to (spec §4: a general search site). */
export const AGE_GATE_LEAVE_URL = 'https://www.google.com'

/** Query param that opens the create-post popup for creators (spec §2 Content). */
export const SHOW_CREATE_POST_PARAM = 'show_create_post'

/** Texts of the shell (spec §2 Error page, Main layout; §4 Age gate). */
export const ShellTexts = {
  errorByStatus: {
    400: 'Something went wrong, please try later. (102)',
    401: "It appears you're not authorized to view this page, please try later. (401)",
    403: "It seems like you don't have permission to access this page. (403)",
    404: 'Page not found. Please open it later or contact our customer support. (404)',
  },
  notFound: 'This page could not be found',
  loading: 'Loading',
  ageGate: {
    title: 'Adults only',
    body: 'Velvet contains sexually explicit content. Enter only if you are at least 18 years old and it is legal to view such content where you live.',
    confirm: "I'm over 18",
    leave: 'Leave',
  },
  becomeHost: {
    normal: 'Become a creator and start earning from your content',
    referral: 'Invite creators to Velvet and earn from their earnings',
  },
  createPost: { title: 'Create', newPost: 'New Post', live: 'Live' },
  /** e.g. 'Messages are not available in this build yet'. */
  notAvailable: (feature: string, plural: boolean) =>
    `${feature} ${plural ? 'are' : 'is'} not available in this build yet`,
} as const

/**
 * The parts of the server that talk to an outside provider, each of which may be the built-in sandbox
 * (DESIGN §4): card payments, identity checks, payouts.
 */
export const ProviderParts = ['payments', 'identity', 'payouts'] as const
export type ProviderPart = (typeof ProviderParts)[number]

/** Shown on every page (and every sandbox page) while any part runs on its sandbox. */
export const TestModeTexts = {
  banner: 'Test mode: no real money',
  /** What runs on a sandbox, e.g. 'Card payments, identity checks and payouts are simulated.' */
  simulated(parts: readonly ProviderPart[]): string {
    const names = ProviderParts.filter((part) => parts.includes(part)).map((part) => partNames[part])
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
    return `${list.charAt(0).toUpperCase()}${list.slice(1)} are simulated.`
  },
} as const

const partNames: Record<ProviderPart, string> = {
  payments: 'card payments',
  identity: 'identity checks',
  payouts: 'payouts',
}

/** The platform value of the operator (chat) embedding (spec §1); Live is never offered there. */
export const CHATTER_PLATFORM = 'chatter'
