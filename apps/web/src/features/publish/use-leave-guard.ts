import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'
import { confirm } from '../../ui/confirm-store.ts'

/**
 * Leaving with unsaved changes asks first: in-app navigation through the shared confirm dialog, closing or
 * reloading the tab through the browser's own prompt. `allowNextLeave()` lets a deliberate navigation
 * (after publishing) through.
 */
export function useLeaveGuard(unsaved: boolean, message: string): { allowNextLeave(): void } {
  const allowed = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !allowed.current &&
      `${currentLocation.pathname}${currentLocation.search}` !==
        `${nextLocation.pathname}${nextLocation.search}`,
  )

  const current = useRef(blocker)
  current.current = blocker
  const blocked = blocker.state === 'blocked'

  useEffect(() => {
    if (!blocked) return
    let live = true
    void confirm({
      title: 'Leave this post?',
      message,
      confirmLabel: 'Leave',
      cancelLabel: 'Keep editing',
      tone: 'danger',
    }).then((leave) => {
      const guard = current.current
      if (!live || guard.state !== 'blocked') return
      if (leave) guard.proceed()
      else guard.reset()
    })
    return () => {
      live = false
    }
  }, [blocked, message])

  useEffect(() => {
    if (!unsaved) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [unsaved])

  return {
    allowNextLeave() {
      allowed.current = true
    },
  }
}
