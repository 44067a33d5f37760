import type { QueryKey } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { messageOf } from '../lib/api/errors.ts'
import { queryClient } from '../lib/query-client.ts'
import { applyPatch, type FlagPatch, type Flags, revertPatch, settleAnswer } from './optimistic-flags.ts'
import { toast } from './toast-store.ts'

export interface FlagTogglesOptions<K extends string, D> {
  queryKey: QueryKey
  /** The switches inside the cached answer. */
  read: (data: D) => Flags<K>
  /** The cached answer with other switches. */
  write: (data: D, flags: Flags<K>) => D
  /** Sends one change; answers the full, fresh state. */
  send: (patch: FlagPatch<K>) => Promise<D>
}

/**
 * Optimistic switches over one cached query: a flip shows at once, is sent, and on failure is rolled back
 * (only that switch) with an error toast. A switch whose change is on its way ignores further flips.
 */
export function useFlagToggles<K extends string, D>({
  queryKey,
  read,
  write,
  send,
}: FlagTogglesOptions<K, D>) {
  const pendingRef = useRef(new Set<K>())
  const [pending, setPending] = useState<ReadonlySet<K>>(() => new Set())

  const mark = useCallback((key: K, on: boolean) => {
    if (on) pendingRef.current.add(key)
    else pendingRef.current.delete(key)
    setPending(new Set(pendingRef.current))
  }, [])

  const toggle = useCallback(
    async (key: K, value: boolean) => {
      const data = queryClient.getQueryData<D>(queryKey)
      if (data === undefined || pendingRef.current.has(key)) return
      const previous = read(data)
      const patch = { [key]: value } as FlagPatch<K>
      mark(key, true)
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData<D>(queryKey, (old) =>
        old === undefined ? old : write(old, applyPatch(read(old), patch)),
      )
      try {
        const answer = await send(patch)
        mark(key, false)
        queryClient.setQueryData<D>(queryKey, (old) =>
          old === undefined
            ? answer
            : write(answer, settleAnswer(read(old), read(answer), pendingRef.current)),
        )
      } catch (error) {
        mark(key, false)
        queryClient.setQueryData<D>(queryKey, (old) =>
          old === undefined ? old : write(old, revertPatch(read(old), patch, previous)),
        )
        toast.error(messageOf(error))
      }
    },
    [queryKey, read, write, send, mark],
  )

  return { toggle, pending }
}
