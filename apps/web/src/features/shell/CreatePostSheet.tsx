import { CHATTER_PLATFORM, SHOW_CREATE_POST_PARAM, ShellTexts, UserRole } from '@velvet/contract'
import { Radio, SquarePen } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { platform } from '../../lib/platform.ts'
import { BottomSheet, SheetAction } from '../../ui/BottomSheet.tsx'
import { useSession } from '../auth/index.ts'
import { useShowSettings } from '../system/index.ts'
import { createPostPopup, openCreateIfAsked, useCreatePostOpen } from './create-post-store.ts'

/** Live is offered only when the system setting enables it, and never on the chatter platform (spec §2). */
export function liveOffered(liveEnabled: boolean | undefined, platformName: string): boolean {
  return liveEnabled === true && platformName !== CHATTER_PLATFORM
}

/**
 * The create popup (spec §2): New Post, and Live when offered. Opening the app with show_create_post=1
 * opens it for a creator; the parameter is then removed so a reload does not open it again.
 */
export function CreatePostSheet() {
  const open = useCreatePostOpen()
  const session = useSession()
  const isCreator = session.kind === 'account' && session.user.user_role === UserRole.Creator
  const settings = useShowSettings(isCreator)
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

  const go = (to: string) => {
    createPostPopup.close()
    void navigate(to)
  }
  return (
    <BottomSheet open={open && isCreator} onClose={createPostPopup.close} title={ShellTexts.createPost.title}>
      <SheetAction
        icon={<SquarePen />}
        label={ShellTexts.createPost.newPost}
        hint="Photos and videos, free or paid"
        onClick={() => go('/publish')}
      />
      {liveOffered(settings.data?.live_enabled, platform().platform) ? (
        <SheetAction
          icon={<Radio />}
          label={ShellTexts.createPost.live}
          hint="Go live to your fans now"
          onClick={() => go('/live')}
        />
      ) : null}
    </BottomSheet>
  )
}
