import { IncomingCallBanner } from '../features/calls/IncomingCallBanner.tsx'
import { NotificationBanners } from '../features/notifications/NotificationBanners.tsx'
import { PushRegistration } from '../features/push/PushRegistration.tsx'
import { InstallPrompt } from '../features/pwa/InstallPrompt.tsx'
import { ServiceWorkerRegistration } from '../features/pwa/ServiceWorkerRegistration.tsx'
import { RealtimeConnection } from '../features/realtime/RealtimeConnection.tsx'

/**
 * The app-wide services of the shell that are not screens: realtime socket, notification
 * banners, incoming-call banner, PWA install prompt, web push registration.
 */
export function ShellServiceList() {
  return (
    <>
      <ServiceWorkerRegistration />
      <RealtimeConnection />
      <PushRegistration />
      <NotificationBanners />
      <IncomingCallBanner />
      <InstallPrompt />
    </>
  )
}
