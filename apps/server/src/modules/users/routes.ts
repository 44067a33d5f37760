import {
  adultPopupCheck,
  adultPopupConfirm,
  openAppReport,
  profileUpdate,
  profileView,
  userReport,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { ProfileService } from './profile-service.ts'
import type { UsersService } from './service.ts'

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; profiles: ProfileService },
): void {
  const { users, profiles } = deps
  registerCall(app, userReport, ({ viewer }) => users.report(viewer))
  registerCall(app, openAppReport, ({ input, viewer }) => users.openApp(viewer, input.open_source))
  registerCall(app, adultPopupCheck, ({ input, viewer }) =>
    users.adultPopupCheck(viewer, input.target_user_id),
  )
  registerCall(app, adultPopupConfirm, ({ input, viewer }) =>
    users.adultPopupConfirm(viewer, input.target_user_id),
  )
  registerCall(app, profileView, ({ input, viewer, req }) => profiles.view(viewer, input, req.ip))
  registerCall(app, profileUpdate, ({ input, viewer }) => profiles.update(viewer, input))
}
