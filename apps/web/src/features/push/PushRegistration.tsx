import { Timing } from '@velvet/contract'
import { useEffect, useRef } from 'react'
import { useSession } from '../auth/index.ts'
import { reportPushSubscription, unsubscribePush, usePushPermission } from './push.service.ts'

/**
 * Web push for a signed-up account whose notification permission is granted: subscribe and report the
 * device at once and every 50 min (spec §7, §9). When the account session ends (logout, revoked), the
 * browser's subscription is dropped so this device gets no more pushes for it.
 */
export function PushRegistration() {
  const session = useSession()
  const permission = usePushPermission()
  const accountId = session.kind === 'account' && !session.user.needs_profile ? session.user.user_id : null
  const previous = useRef<number | null>(null)

  useEffect(() => {
    if (accountId === null || permission !== 'granted') return
    void reportPushSubscription()
    const timer = setInterval(() => void reportPushSubscription(), Timing.pushTokenReportMs)
    return () => clearInterval(timer)
  }, [accountId, permission])

  useEffect(() => {
    if (previous.current !== null && previous.current !== accountId) void unsubscribePush()
    previous.current = accountId
  }, [accountId])

  return null
}
