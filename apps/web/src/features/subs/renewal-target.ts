import { SubsPaths } from '@velvet/contract'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'
import { useViewerId } from './subs.queries.ts'

/** spec §3 local storage flag: the creator whose membership renewal an e-mail link asked to open. */
export const RENEWAL_TARGET_KEY = 'renewal_target_user_id'
const LINK_PARAMS = ['t', 'target_user_id', 'sc', 's'] as const

/**
 * spec §5: a link with exactly t, target_user_id, sc=email and s stores renewal_target_user_id when s is
 * the signed-in user (else removes it); the params are stripped. Answers the path to go on with, or null
 * when the URL is not such a link.
 */
export function captureRenewalLink(pathname: string, search: string, viewerId: number): string | null {
  const params = new URLSearchParams(search)
  const keys = [...params.keys()]
  if (keys.length !== LINK_PARAMS.length || !LINK_PARAMS.every((key) => params.has(key))) return null
  if (params.get('sc') !== 'email') return null
  const target = Number(params.get('target_user_id'))
  if (Number(params.get('s')) === viewerId && Number.isSafeInteger(target) && target > 0)
    writeJson(RENEWAL_TARGET_KEY, target)
  else removeItem(RENEWAL_TARGET_KEY)
  return pathname
}

/** Takes the stored renewal target once (the renewal flow opens for it). */
export function takeRenewalTarget(): number | null {
  const target = readJson(RENEWAL_TARGET_KEY, z.number().int().positive())
  removeItem(RENEWAL_TARGET_KEY)
  return target
}

/** On the membership screens: handles an e-mail renewal link and opens the stored creator's renewal. */
export function useRenewalTarget(): void {
  const viewerId = useViewerId()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (viewerId <= 0) return
    const stripped = captureRenewalLink(pathname, search, viewerId)
    const target = takeRenewalTarget()
    if (target !== null) void navigate(SubsPaths.detail(target), { replace: true })
    else if (stripped !== null) void navigate(stripped, { replace: true })
  }, [viewerId, pathname, search, navigate])
}
