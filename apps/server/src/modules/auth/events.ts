import { type SessionUser, SocketChannels, type SocketPayload } from '@velvet/contract'
import type { Realtime } from '../../platform/realtime.ts'

/** What the auth service tells the rest of the world; emitted only after the change is committed. */
export interface AuthEvents {
  userChanged(user: SessionUser): void
  /** `revoked`: signed out from another device; `deleted`: the account was deleted. */
  sessionEnded(sessionId: number, reason?: SignoutReason): void
}

export type SignoutReason = SocketPayload<typeof SocketChannels.signout>['reason']

/** Auth events as socket messages (spec §7): `user_info_change` to the user, `signout` to the session. */
export function createAuthEvents(realtime: Pick<Realtime, 'publish' | 'disconnectSession'>): AuthEvents {
  return {
    userChanged(user) {
      realtime.publish({ userId: user.user_id }, SocketChannels.userInfoChange, { user })
    },
    sessionEnded(sessionId, reason = 'logout') {
      realtime.publish({ sessionId }, SocketChannels.signout, { reason })
      // The revoked session must not keep receiving the user's messages.
      realtime.disconnectSession(sessionId)
    },
  }
}
