import { DEFAULT_PLATFORM } from '@velvet/contract'
import { z } from 'zod'
import { readJson, removeItem, writeJson } from './storage.ts'

/** Which platform the client runs as (spec §1: rm11 by default, chatter when embedded for operators). */
const KEY = 'velvet.platform'
const Stored = z.object({ platform: z.string().min(1).max(32), platform_ui: z.string().max(32) })
export type PlatformState = z.infer<typeof Stored>

const initial: PlatformState = { platform: DEFAULT_PLATFORM, platform_ui: '' }
let current: PlatformState = readJson(KEY, Stored) ?? initial

export function platform(): PlatformState {
  return current
}

export function setPlatform(next: PlatformState): void {
  current = next
  writeJson(KEY, next)
}

/** Logout resets the platform to the default (spec §4). */
export function resetPlatform(): void {
  current = initial
  removeItem(KEY)
}
