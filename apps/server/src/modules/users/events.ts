import { type SessionUser, SocketChannels } from '@velvet/contract'
import type { Realtime } from '../../platform/realtime.ts'

/** What a profile change tells the user's open tabs; emitted only after the change is committed. */
export interface ProfileEvents {
  profileChanged(user: SessionUser): void
}

export function createProfileEvents(realtime: Pick<Realtime, 'publish'>): ProfileEvents {
  return {
    profileChanged(user) {
      realtime.publish({ userId: user.user_id }, SocketChannels.userInfoChange, { user })
    },
  }
}
