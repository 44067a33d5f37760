import { FULL_WIDTH_PATHS, TAB_PATHS, UserRole } from '@velvet/contract'
import { HOME_PATH, loginWithRedirect } from '../auth/index.ts'

const tabPaths = new Set<string>(TAB_PATHS)
const fullWidthPaths = new Set<string>(FULL_WIDTH_PATHS)

/** /post/post_view keeps its query and becomes /post (spec §2). */
export function postViewTarget(search: string): string {
  return `/post${search}`
}

/**
 * spec §2 /chatRoom: without an active contact and without both u1 and u2 the visitor goes home. Returns
 * where to go, or null to stay.
 */
export function chatRoomRedirect(search: string, hasActiveContact: boolean): string | null {
  if (hasActiveContact) return null
  const query = new URLSearchParams(search)
  return query.get('u1') && query.get('u2') ? null : HOME_PATH
}

/** The own profile: /@{user_name} of the signed-in account. */
export function isOwnProfile(pathname: string, userName: string | null | undefined): boolean {
  return Boolean(userName) && decodeURIComponent(pathname) === `/@${userName}`
}

/** Tab screens show the bottom tab bar (spec §2): /home, /notifications, /message and the own profile. */
export function isTabScreen(pathname: string, userName: string | null | undefined): boolean {
  return tabPaths.has(pathname) || isOwnProfile(pathname, userName)
}

export function isFullWidth(pathname: string): boolean {
  return fullWidthPaths.has(pathname)
}

/**
 * The publish button (spec §2): a creator gets the create popup; a signed-in viewer goes to host
 * verification, returning here; a guest signs in first and then goes there.
 */
export function publishAction(
  role: number,
  currentPath: string,
): { kind: 'popup' } | { kind: 'go'; to: string } {
  if (role === UserRole.Creator) return { kind: 'popup' }
  const audit = `/creator_audit?redirect=${encodeURIComponent(currentPath)}`
  return { kind: 'go', to: role === UserRole.Viewer ? audit : loginWithRedirect(audit) }
}
