import { type Post, PostState } from '@velvet/contract'
import { Flag, Link2, Pencil, Pin, PinOff, Trash2 } from 'lucide-react'
import { BottomSheet, SheetAction } from '../../ui/BottomSheet.tsx'

export interface PostMenuActions {
  onShare: () => void
  onReport: () => void
  onPin: (pinned: boolean) => void
  onEdit: () => void
  onDelete: () => void
}

/**
 * The "…" menu of a post. The author: pin to or unpin from the profile (published posts), edit in the
 * composer, share, delete. Anyone else: share the link, report the post. Each choice closes the sheet.
 */
export function PostMenu({
  post,
  open,
  onClose,
  actions,
}: {
  post: Post
  open: boolean
  onClose: () => void
  actions: PostMenuActions
}) {
  const then = (action: () => void) => () => {
    onClose()
    action()
  }
  return (
    <BottomSheet open={open} onClose={onClose} title="Post options" hideTitle>
      {post.is_mine ? (
        <>
          {post.state === PostState.Published ? (
            <SheetAction
              icon={post.pinned ? <PinOff /> : <Pin />}
              label={post.pinned ? 'Unpin from profile' : 'Pin to profile'}
              hint={post.pinned ? undefined : 'Pinned posts show first on your profile'}
              onClick={then(() => actions.onPin(!post.pinned))}
            />
          ) : null}
          <SheetAction icon={<Pencil />} label="Edit post" onClick={then(actions.onEdit)} />
          <SheetAction icon={<Link2 />} label="Share link" onClick={then(actions.onShare)} />
          <SheetAction icon={<Trash2 />} label="Delete post" onClick={then(actions.onDelete)} />
        </>
      ) : (
        <>
          <SheetAction icon={<Link2 />} label="Share link" onClick={then(actions.onShare)} />
          <SheetAction
            icon={<Flag />}
            label="Report post"
            hint="Our moderators review every report"
            onClick={then(actions.onReport)}
          />
        </>
      )}
    </BottomSheet>
  )
}
