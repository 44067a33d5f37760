import {
  ageOn,
  LegalDocs,
  Profile,
  Session,
  type SessionAnswer,
  type SignupProfile,
  UserType,
} from '@velvet/contract'
import type { z } from 'zod'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { Mailer } from '../../platform/mail.ts'
import type { WindowCounter } from '../../platform/window-counter.ts'
import { createEmailCodes } from './codes.ts'
import { createEmailLimits } from './email-limits.ts'
import type { AuthEvents } from './events.ts'
import { type GoogleIdentity, GoogleTokenError, type VerifyGoogleIdToken } from './google.ts'
import { presentSessionUser } from './presenters.ts'
import type { AuthRepo, CodePurpose, ServerAccountFields } from './repo.ts'
import type { UserRow } from './schema.ts'
import { hashToken, newToken } from './tokens.ts'

export interface Clock {
  now(): Date
}

/** Where a request comes from, as a new session records it (the sessions list on /user/account). */
export interface ClientInfo {
  deviceId: string | null
  userAgent: string | null
  ip: string | null
}

/** Records legal acceptances inside the caller's transaction (the account module's table). */
export interface LegalRecorder {
  recordAcceptances(
    userId: number,
    documents: { kind: string; version: string }[],
    ip: string | null,
    acceptedAt: Date,
    conn: Tx,
  ): Promise<void>
}

/** A session's `last_used_at` is written at most once per this window. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000

export interface AuthServiceDeps {
  repo: AuthRepo
  mailer: Mailer
  clock: Clock
  verifyGoogle: VerifyGoogleIdToken | null
  portraitUrl: (key: string) => string
  events: AuthEvents
  legal: LegalRecorder
  /** Where the per-e-mail limits are counted (Redis when configured, so that every process counts together). */
  limitCounter: WindowCounter
  /** The country code of an address (GeoIP), for the sessions list; absent: sessions store no country. */
  countryOf?: (ip: string) => Promise<string | null>
  /** A name another user gave up within Social.usernameRedirectDays (users module); absent: none is. */
  isNameReserved?: (userName: string) => Promise<boolean>
}

type SessionMeta = ClientInfo & { country: string | null }

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

export function createAuthService({
  repo,
  mailer,
  clock,
  verifyGoogle,
  portraitUrl,
  events,
  legal,
  limitCounter,
  countryOf,
  isNameReserved = async () => false,
}: AuthServiceDeps) {
  const limits = createEmailLimits({ counter: limitCounter, clock })
  const codes = createEmailCodes({ repo, mailer, clock, limits })

  /** Looked up before any transaction opens (a GeoIP lookup may load its database). */
  async function sessionMeta(client: ClientInfo): Promise<SessionMeta> {
    const country = client.ip && countryOf ? await countryOf(client.ip).catch(() => null) : null
    return { ...client, country }
  }

  async function issueSession(tx: Tx, user: UserRow, meta: SessionMeta): Promise<SessionAnswer> {
    const token = newToken()
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + Session.maxAgeSeconds * 1000)
    await repo.createSession(
      { userId: user.id, tokenHash: hashToken(token), ...meta, createdAt: now, expiresAt },
      tx,
    )
    return {
      ptoken: token,
      token_type: 'Bearer',
      expires_at: seconds(expiresAt),
      user: presentSessionUser(user, portraitUrl),
    }
  }

  /**
   * The account an identity signs in to: the existing one, else the caller's anonymous guest upgraded
   * in place, else a new account. Revokes the guest session that signed in.
   */
  async function signIn(
    identity: { email?: string; googleSub?: string; findExisting: (tx: Tx) => Promise<UserRow | undefined> },
    viewer: Viewer | null,
    client: ClientInfo,
  ) {
    const meta = await sessionMeta(client)
    return repo.transaction(async (tx) => {
      let user = await identity.findExisting(tx)
      let isNew = false
      if (!user && viewer && viewer.userType === UserType.Anonymous) {
        user = await repo.upgradeGuest(viewer.userId, identity, tx)
        isNew = Boolean(user)
      }
      if (!user) {
        user = await repo.createUser({ userType: UserType.LoggedIn, ...identity }, tx)
        isNew = true
      }
      if (viewer) await repo.revokeSession(viewer.sessionId, tx)
      const answer = await issueSession(tx, user, meta)
      return { ...answer, is_new: isNew }
    })
  }

  return {
    async createAnonymous(client: ClientInfo) {
      const meta = await sessionMeta(client)
      return repo.transaction(async (tx) => {
        const user = await repo.createUser({ userType: UserType.Anonymous }, tx)
        const answer = await issueSession(tx, user, meta)
        return { token: answer.ptoken, user_id: user.id, expires_at: answer.expires_at }
      })
    },

    async resolveViewer(token: string): Promise<Viewer | null> {
      const now = clock.now()
      const row = await repo.liveSessionByHash(hashToken(token), now)
      if (!row) return null
      const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS)
      // The row read above says whether a write is due: most requests write nothing.
      if (row.session.lastUsedAt < staleBefore) await repo.touchSession(row.session.id, now, staleBefore)
      return {
        userId: row.user.id,
        userType: row.user.userType,
        userRole: row.user.userRole,
        sessionId: row.session.id,
        token,
        expiresAt: row.session.expiresAt,
        isAccount: row.user.userType === UserType.LoggedIn,
      }
    },

    /** Which of these sessions are still live (the realtime gateway drops the sockets of the others). */
    liveSessions(sessionIds: number[]): Promise<Set<number>> {
      return repo.liveSessionIds(sessionIds, clock.now())
    },

    /** Mails a code for signing in (or, for the account module, for confirming a deletion). */
    sendCode(email: string, ip: string, purpose: CodePurpose = 'login') {
      return codes.send(email, ip, purpose)
    },

    /** Checks and consumes a code of that purpose; throws the contract error when it does not match. */
    confirmCode(email: string, code: string, purpose: CodePurpose) {
      return codes.confirm(email, code, purpose)
    },

    async loginWithEmail(email: string, code: string, viewer: Viewer | null, client: ClientInfo) {
      // Counted before the code is looked at: the limit holds however many addresses guess at once.
      await limits.loginAttempt(email)
      await codes.confirm(email, code, 'login')
      return signIn({ email, findExisting: (tx) => repo.userByEmail(email, tx) }, viewer, client)
    },

    async loginWithGoogle(idToken: string, viewer: Viewer | null, client: ClientInfo) {
      if (!verifyGoogle) throw new AppError('GoogleNotConfigured')
      let identity: GoogleIdentity
      try {
        identity = await verifyGoogle(idToken)
      } catch (error) {
        if (error instanceof GoogleTokenError) throw new AppError('GoogleTokenInvalid')
        throw error
      }
      const email = identity.email && identity.emailVerified ? identity.email : undefined
      return signIn(
        {
          googleSub: identity.sub,
          ...(email ? { email } : {}),
          findExisting: async (tx) => {
            const bySub = await repo.userByGoogleSub(identity.sub, tx)
            if (bySub || !email) return bySub
            const byEmail = await repo.userByEmail(email, tx)
            if (byEmail) await repo.linkGoogle(byEmail.id, identity.sub, tx)
            return byEmail
          },
        },
        viewer,
        client,
      )
    },

    async currentUser(viewer: Viewer) {
      const user = await repo.userById(viewer.userId)
      if (!user) throw new AppError('NotLoggedIn')
      return { user: presentSessionUser(user, portraitUrl), expires_at: seconds(viewer.expiresAt) }
    },

    /** Rotates the session token, only inside the refresh window (spec §9: 172800 s before expiry). */
    async refresh(viewer: Viewer, client: ClientInfo): Promise<SessionAnswer> {
      const remaining = viewer.expiresAt.getTime() - clock.now().getTime()
      if (remaining > Session.refreshWindowSeconds * 1000) throw new AppError('RefreshNotDue')
      const meta = await sessionMeta(client)
      return repo.transaction(async (tx) => {
        const user = await repo.userById(viewer.userId, tx)
        if (!user || !(await repo.revokeSession(viewer.sessionId, tx))) throw new AppError('NotLoggedIn')
        return issueSession(tx, user, meta)
      })
    },

    async logout(viewer: Viewer) {
      await repo.revokeSession(viewer.sessionId)
      events.sessionEnded(viewer.sessionId)
      return {}
    },

    async isUserNameAvailable(userName: string) {
      const taken = (await repo.isUserNameTaken(userName)) || (await isNameReserved(userName))
      return { available: !taken }
    },

    /** Completing sign-up accepts the terms and the privacy policy in force (recorded with the address). */
    async completeSignup(viewer: Viewer, profile: z.output<typeof SignupProfile>, ip: string | null) {
      if (await isNameReserved(profile.user_name)) throw new AppError('UsernameTaken')
      const answer = await repo.transaction(async (tx) => {
        const current = await repo.userById(viewer.userId, tx)
        if (!current || current.profileCompletedAt) throw new AppError('SignupAlreadyComplete')
        // The schema checked the age against the request time; the service clock is the authority.
        if (ageOn(profile.birthday, clock.now()) < Profile.minimumAge) {
          const message = 'Not available for users under 18.'
          throw new AppError('ValidationFailed', {
            message,
            fields: [{ field: 'birthday', rule: 'birthday.adult', message }],
          })
        }
        await repo.lockUserNames([profile.user_name], tx)
        if (await repo.isUserNameTaken(profile.user_name, tx)) throw new AppError('UsernameTaken')
        const row = await repo.completeProfile(
          viewer.userId,
          { birthday: profile.birthday, userName: profile.user_name, nickname: profile.nickname },
          tx,
        )
        if (!row) throw new AppError('SignupAlreadyComplete')
        const accepted = [
          { kind: 'terms', version: LegalDocs.terms.version },
          { kind: 'privacy', version: LegalDocs.privacy.version },
        ]
        await legal.recordAcceptances(row.id, accepted, ip, clock.now(), tx)
        return { user: presentSessionUser(row, portraitUrl) }
      })
      events.userChanged(answer.user)
      return answer
    },

    /** False only on an empty database: no account or guest was ever made (deleted accounts keep a row). */
    hasAnyUser: (tx?: Tx) => repo.hasAnyUser(tx),

    /**
     * An account the server makes itself (demo creators, modules/demo), inside the caller's transaction:
     * profile complete, and no e-mail or Google identity, so nobody can sign in as it.
     */
    createServerAccount: (fields: ServerAccountFields, tx: Tx) => repo.insertServerAccount(fields, tx),

    async setPortrait(viewer: Viewer, portraitKey: string) {
      const row = await repo.setPortrait(viewer.userId, portraitKey)
      if (!row) throw new AppError('NotLoggedIn')
      const user = presentSessionUser(row, portraitUrl)
      events.userChanged(user)
      return { user }
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
