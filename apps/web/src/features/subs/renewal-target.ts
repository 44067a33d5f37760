import { ShellStorageKeys, SubsPaths } from '@velvet/contract'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { readJson, removeItem } from '../../lib/storage.ts'
import { useViewerId } from './subs.queries.ts'

/**
 * Takes the stored renewal target once (the renewal flow opens for it). An e-mail renewal link stores it on
 * whichever page it opens (the app shell's EmailLinkGate, spec §5).
 */
export function takeRenewalTarget(): number | null {
  const target = readJson(ShellStorageKeys.renewalTarget, z.number().int().positive())
  removeItem(ShellStorageKeys.renewalTarget)
  return target
}

/** On the membership screens: opens the renewal of the creator an e-mail link named, once. */
export function useRenewalTarget(): void {
  const viewerId = useViewerId()
  const navigate = useNavigate()
  // Looked at again after each navigation: the link's own page stores the target as it strips the link.
  const { key } = useLocation()
  useEffect(() => {
    if (viewerId <= 0 || !key) return
    const target = takeRenewalTarget()
    if (target !== null) void navigate(SubsPaths.detail(target), { replace: true })
  }, [viewerId, key, navigate])
}
