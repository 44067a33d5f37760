import { SystemSettings } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import type { Viewer } from '../../platform/http.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { SystemRepo } from './repo.ts'

/** Defaults of spec §9 until an operator stores another value in system_settings. */
export const defaultSettings: SystemSettings = {
  CT: 1,
  AP: 0,
  live_enabled: false,
  new_feature_until: '2025-11-15T10:00:00Z',
}

export interface SystemServiceDeps {
  repo: SystemRepo
  notifications: Pick<NotificationService, 'unreadCount'>
  /** TC and SC from the chat module (called at request time). */
  chatUnread: (userId: number) => Promise<{ TC: number; SC: number }>
  clock: Clock
  log: FastifyBaseLogger
}

export function createSystemService({ repo, notifications, chatUnread, clock, log }: SystemServiceDeps) {
  async function settings(): Promise<SystemSettings> {
    const merged: Record<string, unknown> = { ...defaultSettings }
    for (const { key, value } of await repo.settingRows()) {
      if (!(key in defaultSettings)) continue
      // A bad stored value falls back to the default for that key only.
      const field = SystemSettings.shape[key as keyof SystemSettings].safeParse(value)
      if (field.success) merged[key] = field.data
      else log.warn({ key }, 'ignoring invalid system setting')
    }
    return SystemSettings.parse(merged)
  }

  return {
    settings,

    async setSetting<K extends keyof SystemSettings>(key: K, value: SystemSettings[K]) {
      await repo.putSetting(key, SystemSettings.shape[key].parse(value), clock.now())
    },

    /**
     * A one-time server task claims `key` (a row beside the settings, never a setting): true for the first
     * caller ever, false for every later one. Inside the caller's transaction, so the claim and the task's
     * first writes commit together; a concurrent claim waits for that commit and then answers false.
     */
    async claimOnce(key: string, value: Record<string, unknown>, tx: Tx): Promise<boolean> {
      if (key in defaultSettings) throw new Error(`${key} is a setting, not a one-time task`)
      return repo.insertSettingOnce(key, value, clock.now(), tx)
    },

    /** Tab badge totals (spec §3); custody_status is omitted until managed accounts exist. */
    async init(viewer: Viewer) {
      const [chat, TN] = await Promise.all([
        chatUnread(viewer.userId),
        notifications.unreadCount(viewer.userId),
      ])
      return { TC: chat.TC, TN, SC: chat.SC }
    },

    async report(viewer: Viewer, action: string, payload: Record<string, string | number | boolean>) {
      await repo.insertReport({ userId: viewer.userId, action, payload, createdAt: clock.now() })
      return {}
    },
  }
}

export type SystemService = ReturnType<typeof createSystemService>
