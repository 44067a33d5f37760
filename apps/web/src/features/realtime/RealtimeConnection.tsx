import { UserType } from '@velvet/contract'
import { useEffect } from 'react'
import { deviceId } from '../../lib/device.ts'
import { platform } from '../../lib/platform.ts'
import { useSession } from '../auth/index.ts'
import { realtime } from './realtime.ts'
import type { SocketIdentity } from './realtime-client.ts'

/**
 * Keeps the user socket in step with the session (open while one exists, closed on logout) and brings it
 * back on page show, visibility return, coming online or a screen click (spec §4).
 */
export function RealtimeConnection() {
  const session = useSession()
  const userId =
    session.kind === 'account' ? session.user.user_id : session.kind === 'anonymous' ? session.userId : null
  const userType = session.kind === 'account' ? UserType.LoggedIn : UserType.Anonymous

  // A new page token of the same user does not reconnect: each handshake asks for a fresh token itself.
  useEffect(() => {
    if (userId === null) {
      realtime.setIdentity(null)
      return
    }
    const identity: SocketIdentity = { userId, userType, deviceId: deviceId(), platform: platform().platform }
    realtime.setIdentity(identity)
  }, [userId, userType])

  // Unmounting the shell (tests, hot reload) closes the socket.
  useEffect(() => () => realtime.setIdentity(null), [])

  useEffect(() => {
    const onPageShow = () => realtime.trigger('pageshow')
    const onVisibility = () => {
      if (document.visibilityState === 'visible') realtime.trigger('visible')
    }
    const onOnline = () => realtime.trigger('online')
    const onClick = () => realtime.trigger('click')
    window.addEventListener('pageshow', onPageShow)
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('online', onOnline)
    document.addEventListener('click', onClick, { capture: true })
    return () => {
      window.removeEventListener('pageshow', onPageShow)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('online', onOnline)
      document.removeEventListener('click', onClick, { capture: true })
    }
  }, [])

  return null
}
