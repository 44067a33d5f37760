import { emailEventReport, notificationList, notificationReadAll } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { NotificationService } from './service.ts'

export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationService },
) {
  const { notifications } = deps
  registerCall(app, notificationList, ({ viewer, input }) => notifications.list(viewer.userId, input))
  registerCall(app, notificationReadAll, ({ viewer }) => notifications.readAll(viewer.userId))
  registerCall(app, emailEventReport, ({ viewer, input }) =>
    notifications.recordEmailEvent(viewer.userId, input),
  )
}
