import { useMutation, useQueryClient } from '@tanstack/react-query'
import { BlockTexts, blockUser, unblockUser } from '@velvet/contract'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { confirm } from '../../ui/confirm-store.ts'
import { toast } from '../../ui/toast-store.ts'
import { setBlockState } from './social-cache.ts'

export interface BlockTarget {
  userId: number
  /** How the person is named in the dialog and toast ("@mia_x"). */
  name: string
}

/** Asks before blocking or unblocking, saying what it does. */
export function confirmBlock(target: BlockTarget, block: boolean): Promise<boolean> {
  return block
    ? confirm({
        title: `Block ${target.name}?`,
        message: `${BlockTexts.effect} ${BlockTexts.notTold}`,
        confirmLabel: 'Block',
        tone: 'danger',
      })
    : confirm({
        title: `Unblock ${target.name}?`,
        message:
          'They will be able to see your profile and posts and contact you again. Follows and lists come back as they were.',
        confirmLabel: 'Unblock',
      })
}

/** Block or unblock after the confirm dialog; the profile, the lists and the blocked list follow. */
export function useBlockToggle() {
  const client = useQueryClient()
  const mutation = useMutation({
    mutationFn: ({
      target,
      block,
    }: {
      target: BlockTarget
      block: boolean
    }): Promise<{ is_blocked: boolean }> =>
      block
        ? api.call(blockUser, { user_id: target.userId })
        : api.call(unblockUser, { user_id: target.userId }),
    onSuccess: (_answer, { target, block }) => {
      setBlockState(client, target.userId, block)
      toast.success(block ? `You blocked ${target.name}` : `You unblocked ${target.name}`)
    },
    onError: (error) => toast.error(messageOf(error)),
  })
  return {
    pending: mutation.isPending,
    pendingFor: mutation.isPending ? mutation.variables?.target.userId : undefined,
    /** Resolves true when the change was made. */
    async run(target: BlockTarget, block: boolean): Promise<boolean> {
      if (mutation.isPending || !(await confirmBlock(target, block))) return false
      try {
        await mutation.mutateAsync({ target, block })
        return true
      } catch {
        return false
      }
    },
  }
}
