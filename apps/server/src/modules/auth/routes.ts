import {
  completeSignup,
  coreLogout,
  currentUser,
  Headers,
  login,
  logout,
  Profile,
  refresh,
  sendEmailCode,
  signupAnonymous,
  uploadPortrait,
  usernameCheck,
} from '@velvet/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import { registerCall } from '../../platform/http.ts'
import { squareImage } from '../../platform/images.ts'
import type { Storage } from '../../platform/storage.ts'
import type { AuthService, ClientInfo } from './service.ts'
import type { SessionTransport } from './session-transport.ts'

function deviceIdOf(req: FastifyRequest): string | null {
  const value = req.headers[Headers.deviceId]
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null
}

/** What a new session records about the request (the address honours TRUST_PROXY). */
export function clientOf(req: FastifyRequest): ClientInfo {
  const agent = req.headers['user-agent']
  return {
    deviceId: deviceIdOf(req),
    userAgent: typeof agent === 'string' && agent.length > 0 ? agent.slice(0, 512) : null,
    ip: req.ip || null,
  }
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; sessions: SessionTransport; storage: Storage },
): void {
  const { auth, sessions, storage } = deps

  registerCall(
    app,
    signupAnonymous,
    async ({ req, reply }) => {
      const answer = sessions.answer(req, reply, await auth.createAnonymous(clientOf(req)))
      return {
        token: answer.ptoken,
        user_id: answer.user.user_id,
        expires_at: answer.expires_at,
        token_expires_at: answer.token_expires_at,
      }
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  )

  // The per-e-mail and per-IP hourly limits are rules of the service; this is only a flood guard.
  registerCall(app, sendEmailCode, ({ input, req }) => auth.sendCode(input.email, req.ip), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  })

  registerCall(
    app,
    login,
    async ({ input, viewer, req, reply }) => {
      const grant =
        input.type === 'email'
          ? await auth.loginWithEmail(input.email, input.code, viewer, clientOf(req))
          : await auth.loginWithGoogle(input.id_token, viewer, clientOf(req))
      return { ...sessions.answer(req, reply, grant), is_new: grant.isNew }
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  )

  registerCall(app, currentUser, ({ viewer }) => auth.currentUser(viewer))
  registerCall(app, refresh, ({ viewer, req, reply }) => sessions.refresh(req, reply, viewer))
  for (const call of [logout, coreLogout]) {
    registerCall(app, call, async ({ viewer, reply }) => {
      const answer = await auth.logout(viewer)
      sessions.clear(reply)
      return answer
    })
  }
  registerCall(app, usernameCheck, ({ input }) => auth.isUserNameAvailable(input.user_name))
  registerCall(app, completeSignup, ({ input, viewer, req }) => auth.completeSignup(viewer, input, req.ip))

  registerCall(
    app,
    uploadPortrait,
    async ({ viewer, req }) => {
      const file = await req.file({ limits: { fileSize: Profile.portraitMaxBytes, files: 1 } })
      if (!file) throw new AppError('ValidationFailed', { message: 'Choose a picture to upload.' })
      const image = await squareImage(await file.toBuffer(), {
        size: Profile.portraitSize,
        maxPixels: Profile.portraitMaxPixels,
      })
      const key = await storage.put('portraits', image, 'webp')
      return auth.setPortrait(viewer, key)
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  )
}
