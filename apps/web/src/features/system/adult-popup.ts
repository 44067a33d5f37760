import { useMutation, useQuery } from '@tanstack/react-query'
import { adultPopupCheck, adultPopupConfirm } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { logged, systemKeys, useShowSettings } from './system.queries.ts'

export const adultPopupKeys = {
  check: (targetUserId: number) => [...systemKeys.all, 'adult_popup', targetUserId] as const,
}

/** Whether the adult popup shows: only when the system setting AP does not skip it and the server says so. */
export function adultPopupDue(skipSetting: 0 | 1 | undefined, isPop: boolean | undefined): boolean {
  return skipSetting !== 1 && isPop === true
}

/**
 * The adult-content popup before a creator's page (spec §7 adult_popup check / confirm), for the profile
 * screen: `open` once the check says is_pop; `confirm()` records the choice and closes it.
 */
export function useAdultPopup(targetUserId: number | null) {
  const settings = useShowSettings()
  const skip = settings.data?.AP
  const check = useQuery({
    queryKey: adultPopupKeys.check(targetUserId ?? 0),
    queryFn: () =>
      logged('adult_popup/check', api.call(adultPopupCheck, { target_user_id: targetUserId ?? 0 })),
    enabled: targetUserId !== null && settings.isFetched && skip !== 1,
    retry: false,
  })
  const confirm = useMutation({
    mutationFn: () =>
      api.call(adultPopupConfirm, targetUserId === null ? {} : { target_user_id: targetUserId }),
  })
  return {
    open: adultPopupDue(skip, check.data?.is_pop) && !confirm.isSuccess,
    confirming: confirm.isPending,
    confirm: () => confirm.mutate(),
  }
}
