import { SHOW_CREATE_POST_PARAM, UserRole } from '@velvet/contract'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '../auth/index.ts'
import { createPostPopup, openCreateIfAsked, useCreatePostOpen } from './create-post-store.ts'

/** The sheet itself loads the first time it opens (most visits never open it). */
const CreatePostMenu = lazy(() =>
  import('./CreatePostMenu.tsx').then((module) => ({ default: module.CreatePostMenu })),
)

/**
 * The create popup (spec §2): New Post, and Live when offered. Opening the app with show_create_post=1
 * opens it for a creator; the parameter is then removed so a reload does not open it again.
 */
export function CreatePostSheet() {
  const open = useCreatePostOpen()
  const session = useSession()
  const isCreator = session.kind === 'account' && session.user.user_role === UserRole.Creator
  const navigate = useNavigate()
  const { pathname, search, hash } = useLocation()

  // spec §3/§5: an e-mail link stored open_create (EmailLinkGate); a creator gets the popup once.
  useEffect(() => {
    if (isCreator) openCreateIfAsked()
  }, [isCreator])

  useEffect(() => {
    const query = new URLSearchParams(search)
    if (!isCreator || query.get(SHOW_CREATE_POST_PARAM) !== '1') return
    query.delete(SHOW_CREATE_POST_PARAM)
    const rest = query.toString()
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true })
    createPostPopup.open()
  }, [isCreator, pathname, search, hash, navigate])

  // Loaded on first open, then kept mounted so closing still animates.
  const shown = open && isCreator
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (shown) setLoaded(true)
  }, [shown])
  if (!loaded && !shown) return null
  return (
    <Suspense fallback={null}>
      <CreatePostMenu open={shown} isCreator={isCreator} />
    </Suspense>
  )
}
