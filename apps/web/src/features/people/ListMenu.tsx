import type { UserList } from '@velvet/contract'
import { Pencil, Trash2 } from 'lucide-react'
import { messageOf } from '../../lib/api/errors.ts'
import { BottomSheet, SheetAction } from '../../ui/BottomSheet.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { toast } from '../../ui/toast-store.ts'
import { useListActions } from './lists.ts'

/** The options of one list: rename (opens the name sheet) and delete (after a confirm). */
export function ListMenu({
  list,
  open,
  onClose,
  onRename,
  onDeleted,
}: {
  list: UserList | null
  open: boolean
  onClose: () => void
  onRename: () => void
  onDeleted?: () => void
}) {
  const actions = useListActions()
  const onDelete = async () => {
    if (!list) return
    onClose()
    const sure = await confirm({
      title: `Delete “${list.name}”?`,
      message: 'The list goes away. The people in it are not told and nothing else changes for them.',
      confirmLabel: 'Delete list',
      tone: 'danger',
    })
    if (!sure) return
    try {
      await actions.remove.mutateAsync(list.list_id)
      toast.success(`“${list.name}” deleted`)
      onDeleted?.()
    } catch (error) {
      toast.error(messageOf(error))
    }
  }
  return (
    <BottomSheet open={open && list !== null} onClose={onClose} title={list?.name ?? 'List'}>
      <SheetAction
        icon={<Pencil />}
        label="Rename"
        onClick={() => {
          onClose()
          onRename()
        }}
      />
      <SheetAction
        icon={<Trash2 />}
        label="Delete list"
        hint="The people in it are not affected"
        onClick={onDelete}
      />
    </BottomSheet>
  )
}
