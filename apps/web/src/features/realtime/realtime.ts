import { NotifyType, SessionUser } from '@velvet/contract'
import { queryClient } from '../../lib/query-client.ts'
import { authKeys, freshToken, localLogout, logout, recheckSession, sessionStore } from '../auth/index.ts'
import { incomingCall } from '../calls/index.ts'
import { applyChatMessage, chatKeys, typingStore } from '../chat/index.ts'
import { notificationBanners, notificationKeys } from '../notifications/index.ts'
import { applyUserInfoChange } from '../profile/index.ts'
import { systemKeys } from '../system/index.ts'
import {
  createRealtimeClient,
  type RealtimeHandlers,
  type RealtimeStatus,
  useRealtimeStatusOf,
} from './realtime-client.ts'

interface CurrentUserData {
  user: SessionUser
  expires_at: number
}

function isCurrentUserData(value: unknown): value is CurrentUserData {
  if (typeof value !== 'object' || value === null) return false
  return SessionUser.safeParse((value as { user?: unknown }).user).success
}

let signingOut = false

/**
 * Notices of a fan's money reaching the creator: an open chat room's "Bought" marks and the fan's spend
 * and membership in its header follow them.
 */
const fanMoneyNotices: ReadonlySet<number> = new Set([
  NotifyType.ItemPurchased,
  NotifyType.GiftReceived,
  NotifyType.PaidMessageRefunded,
  NotifyType.NewMember,
  NotifyType.MemberRenewed,
])

/** What each channel does (spec §4, §7). */
const handlers: RealtimeHandlers = {
  signout: ({ reason }) => {
    if (signingOut) return
    signingOut = true
    // spec §7: a signout message makes the logout call, then the local logout (which forgets the push device).
    // A session revoked from another device, or a deleted account, has no token left to make calls with.
    const done = reason === 'logout' ? logout() : localLogout()
    void done.finally(() => {
      signingOut = false
    })
  },
  user_info_change: (change) => {
    const { user } = change
    const session = sessionStore.get()
    // Finishing sign-up is the sign-up flow's own step (it still shows the picture step): the echo of
    // that change must not move the user on before the flow does.
    if (session.kind === 'account' && session.user.needs_profile && !user.needs_profile) return
    sessionStore.setUser(user)
    queryClient.setQueryData(authKeys.currentUser(user.user_id), (old: unknown) =>
      isCurrentUserData(old) ? { ...old, user } : old,
    )
    // Own profile fields and counts, and the follow relation (a follow made in another tab).
    applyUserInfoChange(queryClient, change)
  },
  realtime_notify: (item) => {
    notificationBanners.show(item)
    // The unread badges (TN) and the notifications list follow the server.
    void queryClient.invalidateQueries({ queryKey: systemKeys.initAll() })
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
    if (fanMoneyNotices.has(item.notify_type)) void queryClient.invalidateQueries({ queryKey: chatKeys.all })
  },
  chat_typing: ({ conversation_id, user_id }) => typingStore.show(conversation_id, user_id),
  chat_message: (event) => {
    // The message that was being typed has arrived.
    if (typingStore.who(event.conversation_id) === event.sender.id) typingStore.clear(event.conversation_id)
    // The badges and the list's counts move at once by spec §4's rules, then follow the server.
    const session = sessionStore.get()
    if (session.kind === 'account') applyChatMessage(queryClient, event, session.user.user_id)
    // The conversation list, the open room and the tab badges (TC, SC) follow the server.
    void queryClient.invalidateQueries({ queryKey: chatKeys.all })
    void queryClient.invalidateQueries({ queryKey: systemKeys.initAll() })
  },
  call_invite: (invite) => {
    // Calls ring for signed-up accounts only.
    if (sessionStore.get().kind === 'account') incomingCall.invite(invite)
  },
  call_cancel: ({ call_id }) => incomingCall.cancel(call_id),
}

/** The app's one user socket. */
export const realtime = createRealtimeClient(handlers, {
  token: freshToken,
  // The session may have moved on (another tab signed in or out): follow the cookie, or log out if it is gone.
  onRefused: () => void recheckSession(),
  // While the socket was down, messages, notices and badge changes went by unseen: refetch what they would
  // have updated (lists merge by id).
  onReconnect: () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all })
    void queryClient.invalidateQueries({ queryKey: systemKeys.initAll() })
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
  },
})

/** The offline flag of spec §4: 'connected' while the user socket is up, 'disconnected' otherwise. */
export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeStatusOf(realtime)
}

export function useIsRealtimeOffline(): boolean {
  return useRealtimeStatus() === 'disconnected'
}
