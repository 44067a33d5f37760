import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ErrorCodes, type Post, unlockPost, WalletTexts } from '@velvet/contract'
import { isApiError } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { feedKeys, postKeys, walletKeys } from '../../lib/query-keys.ts'
import { toast } from '../../ui/toast-store.ts'
import { displayName } from '../profile/index.ts'
import { type UnlockAction, UnlockSheet, useActionKey } from '../wallet/index.ts'
import { updatePost } from './post-cache.ts'

/** Unlocks a post at the price shown; the post shows unlocked everywhere it is cached. */
export function useUnlockPost() {
  const client = useQueryClient()
  const keys = useActionKey()
  return useMutation({
    mutationFn: (input: { post: Post; price: number }) =>
      api.call(
        unlockPost,
        { post_id: input.post.post_id, price: input.price },
        { idempotencyKey: keys.for(`unlock:${input.post.post_id}:${input.price}`) },
      ),
    onSuccess: (answer) => {
      keys.done()
      // Said here: the lock panel (and this sheet) unmount as soon as the post shows unlocked.
      toast.success(answer.charged ? WalletTexts.unlocked : WalletTexts.alreadyUnlocked)
      updatePost(client, answer.post.post_id, () => answer.post)
      void client.invalidateQueries({ queryKey: postKeys.all })
      void client.invalidateQueries({ queryKey: feedKeys.all })
      void client.invalidateQueries({ queryKey: walletKeys.all })
    },
  })
}

/** The unlock sheet of a PPV post. */
export function PostUnlockSheet({
  post,
  ...sheet
}: {
  post: Post
  price: number
  open: boolean
  onClose: () => void
  returnTo: string
}) {
  const client = useQueryClient()
  const unlock = useUnlockPost()
  const action: UnlockAction = {
    run: (price, onDone) =>
      unlock.mutate(
        { post, price },
        {
          onSuccess: onDone,
          onError: (error) => {
            // The post changed under the fan: fetch it again so the sheet shows the new price.
            if (
              isApiError(error) &&
              (error.code === ErrorCodes.PriceChanged.code || error.code === ErrorCodes.NotForSale.code)
            )
              void client.invalidateQueries({ queryKey: postKeys.all })
          },
        },
      ),
    pending: unlock.isPending,
    error: unlock.error,
    triedPrice: unlock.variables?.price,
    reset: () => unlock.reset(),
  }
  return (
    <UnlockSheet
      {...sheet}
      noun="post"
      title={WalletTexts.unlockTitle}
      what={
        <>
          A post by <strong>{displayName(post.author)}</strong>
        </>
      }
      action={action}
    />
  )
}
