import { addDeviceInstallation, delDeviceInstallation, vapidPublicKey } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { deviceId } from '../../lib/device.ts'
import { createStore, useStore } from '../../lib/store.ts'
import { serviceWorkerReady } from '../pwa/index.ts'

/** 'unsupported' where the browser has no Push API (iOS Safari outside the installed app, old browsers). */
export type PushPermission = NotificationPermission | 'unsupported'

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  )
}

function readPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported'
}

const permission = createStore<PushPermission>(readPermission())

function refreshPermission(): void {
  permission.set(readPermission())
}

// The permission can change in the browser's site settings while the app is open.
if (typeof navigator !== 'undefined' && navigator.permissions) {
  navigator.permissions
    .query({ name: 'notifications' })
    .then((status) => {
      status.onchange = refreshPermission
    })
    .catch(() => undefined)
}

export function usePushPermission(): PushPermission {
  return useStore(permission)
}

/** Asks for the notification permission. Call it only from a user gesture (a button press). */
export async function requestPushPermission(): Promise<PushPermission> {
  if (!pushSupported()) return 'unsupported'
  try {
    await Notification.requestPermission()
  } finally {
    refreshPermission()
  }
  return permission.get()
}

/** The VAPID key as the Push API wants it (base64url → bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`
  const raw = atob(padded.replaceAll('-', '+').replaceAll('_', '/'))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey
  if (!current) return true
  const bytes = new Uint8Array(current)
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i])
}

let reporting: Promise<boolean> | null = null

/**
 * Subscribes this browser with the server's VAPID key (reusing a subscription made with that key) and
 * reports it: installation_id is the subscription's JSON, device_id the browser's id (spec §7). Needs the
 * permission already granted; resolves false when push cannot be used.
 */
export function reportPushSubscription(): Promise<boolean> {
  reporting ??= (async () => {
    if (readPermission() !== 'granted') return false
    const registration = await serviceWorkerReady()
    if (!registration) return false
    const { public_key } = await api.call(vapidPublicKey)
    const key = applicationServerKey(public_key)
    let subscription = await registration.pushManager.getSubscription()
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
    await api.call(addDeviceInstallation, {
      installation_id: JSON.stringify(subscription.toJSON()),
      device_id: deviceId(),
    })
    return true
  })()
    .catch((error: unknown) => {
      console.warn('push registration failed', error)
      return false
    })
    .finally(() => {
      reporting = null
    })
  return reporting
}

/** Drops this browser's push subscription locally (its endpoint stops working at once). */
export async function unsubscribePush(): Promise<void> {
  if (!pushSupported()) return
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    const subscription = await registration?.pushManager.getSubscription()
    await subscription?.unsubscribe()
  } catch (error) {
    console.warn('push unsubscribe failed', error)
  }
}

/**
 * Logout: tells the server to stop pushing to this device (while the session is still valid), then drops
 * the subscription. Failures are only logged.
 */
export async function forgetPushDevice(): Promise<void> {
  try {
    await api.call(delDeviceInstallation, { device_id: deviceId() })
  } catch (error) {
    console.warn('push device removal failed', error)
  }
  await unsubscribePush()
}
