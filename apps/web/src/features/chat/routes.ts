import type { RouteObject } from 'react-router'
import { SettingsPath } from '../settings/index.ts'

/** The chat screens (spec §2 Main tabs), each its own lazily loaded chunk. */
export const chatRoutes = {
  messages: {
    path: '/message',
    lazy: () => import('./MessagesScreen.tsx').then((m) => ({ Component: m.MessagesScreen })),
  },
  paidMessage: {
    path: SettingsPath.paidMessage,
    lazy: () => import('./PaidMessageScreen.tsx').then((m) => ({ Component: m.PaidMessageScreen })),
  },
  chatRoom: {
    path: '/chatRoom',
    lazy: () => import('./ChatRoomScreen.tsx').then((m) => ({ Component: m.ChatRoomScreen })),
  },
} satisfies Record<string, RouteObject>
