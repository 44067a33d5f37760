import { CHATTER_PLATFORM, ShellTexts } from '@velvet/contract'
import { Radio, SquarePen } from 'lucide-react'
import { useNavigate } from 'react-router'
import { platform } from '../../lib/platform.ts'
import { BottomSheet, SheetAction } from '../../ui/BottomSheet.tsx'
import { useShowSettings } from '../system/index.ts'
import { createPostPopup } from './create-post-store.ts'

/** Live is offered only when the system setting enables it, and never on the chatter platform (spec §2). */
export function liveOffered(liveEnabled: boolean | undefined, platformName: string): boolean {
  return liveEnabled === true && platformName !== CHATTER_PLATFORM
}

/** The create popup's sheet (spec §2): New Post, and Live when the system settings offer it. */
export function CreatePostMenu({ open, isCreator }: { open: boolean; isCreator: boolean }) {
  const settings = useShowSettings(isCreator)
  const navigate = useNavigate()
  const go = (to: string) => {
    createPostPopup.close()
    void navigate(to)
  }
  return (
    <BottomSheet open={open} onClose={createPostPopup.close} title={ShellTexts.createPost.title}>
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
