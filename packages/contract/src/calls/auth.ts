import { z } from 'zod'
import { Id } from '../rules/ids.ts'
import { Birthday, Email, EmailCodeValue, Nickname } from '../rules/profile.ts'
import { LineText } from '../rules/text.ts'
import { Username } from '../rules/username.ts'
import { defineCall } from './define.ts'

export const UserId = Id

/** The signed-in user as the client stores it (spec §3 User). */
export const SessionUser = z.object({
  user_id: UserId,
  user_name: z.string().nullable(),
  user_role: z.number().int(),
  user_type: z.number().int(),
  nickname: z.string().nullable(),
  portrait: z.string().nullable(),
  bio: z.string(),
  email: z.string().nullable(),
  referrer_code: z.string().nullable(),
  /** True while a signed-in account still has to finish the sign-up steps. */
  needs_profile: z.boolean(),
})
export type SessionUser = z.infer<typeof SessionUser>

export const SessionAnswer = z.object({
  /** The bearer token: the session token, or for the web app (`x-session-cookie: 1`) a page token. */
  ptoken: z.string(),
  token_type: z.literal('Bearer'),
  /** When the session ends (Unix seconds); a refresh within `Session.refreshWindowSeconds` renews it. */
  expires_at: z.number().int(),
  /** When `ptoken` stops working: `expires_at` for a session token, sooner for a page token. */
  token_expires_at: z.number().int(),
  user: SessionUser,
})
export type SessionAnswer = z.infer<typeof SessionAnswer>

export const signupAnonymous = defineCall({
  method: 'POST',
  path: '/fapi/core/auth/signup_anonymous/',
  access: 'public',
  summary: 'Create an anonymous guest (user type 3) and its session.',
  response: z.object({
    token: z.string(),
    user_id: UserId,
    expires_at: z.number().int(),
    token_expires_at: z.number().int(),
  }),
})

export const sendEmailCode = defineCall({
  method: 'POST',
  path: '/fapi/core/auth/email/send_code/',
  access: 'public',
  summary: 'E-mail a 6-digit sign-in code (10-minute expiry, 5 tries).',
  input: z.object({ email: Email }),
  response: z.object({ expires_in: z.number().int(), resend_after: z.number().int() }),
})

export const GoogleCredentials = z.object({
  type: z.literal('google'),
  /** OAuth access token (kept for parity with the spec; identity comes from id_token). */
  token: LineText.max(4096).optional(),
  id_token: LineText.min(1).max(8192),
})

export const login = defineCall({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  summary: 'Sign in with an e-mail code or a Google id_token.',
  input: z.discriminatedUnion('type', [
    z.object({ type: z.literal('email'), email: Email, code: EmailCodeValue }),
    GoogleCredentials,
  ]),
  response: SessionAnswer.extend({ is_new: z.boolean() }),
})

export const currentUser = defineCall({
  method: 'GET',
  path: '/api/auth/user',
  access: 'session',
  summary: 'The user of the current session.',
  response: z.object({ user: SessionUser, expires_at: z.number().int() }),
})

export const refresh = defineCall({
  method: 'POST',
  path: '/api/auth/refresh',
  // The session comes from the bearer token, or for the web app from the HttpOnly session cookie.
  access: 'public',
  summary:
    'The session as it stands, renewed when it expires within 172800 s (refreshed: true); for the web ' +
    'app, exchanges the session cookie for a page token.',
  input: z.object({ user_info: z.object({ user_id: UserId }).optional() }),
  response: SessionAnswer.extend({ refreshed: z.boolean() }),
})

/**
 * The session cookies of spec §3, all set by the server (docs/api.md "Sessions"). The tokens are HttpOnly,
 * SameSite=Strict, Secure in production and sent only to the refresh call; an account's user id is readable
 * by the page (it tells the page there is an account to restore) and holds nothing secret.
 */
export const SessionCookies = {
  anonymousToken: 'velvet_atk',
  userToken: 'velvet_tk',
  userId: 'velvet_uid',
} as const

/** The path of the token cookies: only the refresh call reads them. */
export const SESSION_TOKEN_COOKIE_PATH = refresh.path

export const logout = defineCall({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'session',
  summary: 'Revoke the current session.',
  response: z.object({}),
})

export const coreLogout = defineCall({
  method: 'POST',
  path: '/fapi/core/auth/logout/',
  access: 'session',
  summary: 'Revoke the current session (also sent on a signout socket message).',
  response: z.object({}),
})

export const usernameCheck = defineCall({
  method: 'GET',
  path: '/fapi/core/auth/signup/username_check/',
  access: 'session',
  summary: 'Whether a username is valid and free.',
  input: z.object({ user_name: Username }),
  response: z.object({ available: z.boolean() }),
})

export const uploadPortrait = defineCall({
  method: 'POST',
  path: '/fapi/core/upload/portrait/',
  access: 'account',
  summary: 'Set the profile picture (multipart field "file"): cropped square, re-encoded, metadata stripped.',
  upload: { field: 'file' },
  response: z.object({ user: SessionUser }),
})

export const SignupProfile = z.object({
  birthday: Birthday,
  user_name: Username,
  nickname: Nickname,
})

export const completeSignup = defineCall({
  method: 'POST',
  path: '/fapi/core/auth/signup/complete/',
  access: 'account',
  summary: 'Finish sign-up: birthday (18+), username and nickname (the picture is its own upload).',
  input: SignupProfile,
  response: z.object({ user: SessionUser }),
})
