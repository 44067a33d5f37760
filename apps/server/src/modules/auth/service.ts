import {
  ageOn,
  LegalDocs,
  Profile,
  Session,
  type SessionUser,
  type SignupProfile,
  UserType,
} from '@velvet/contract'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
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
import { hashToken, newToken, type PageTokens } from './tokens.ts'

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

/** A session as issued or found: the routes answer it as a bearer token or, for the web app, as cookies. */
export interface SessionGrant {
  /** The session token (never stored: only its hash is). */
  token: string
  sessionId: number
  expiresAt: Date
  user: SessionUser
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
  /** The web app's short-lived bearer tokens (keyed with the app secret). */
  pageTokens: PageTokens
  /** The country code of an address (GeoIP), for the sessions list; absent: sessions store no country. */
  countryOf?: (ip: string) => Promise<string | null>
  /** A name another user gave up within Social.usernameRedirectDays (users module); absent: none is. */
  isNameReserved?: (userName: string) => Promise<boolean>
}

type SessionMeta = ClientInfo & { country: string | null }
type LiveSession = NonNullable<Awaited<ReturnType<AuthRepo['liveSessionById']>>>

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
  pageTokens,
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

  async function issueSession(tx: Tx, user: UserRow, meta: SessionMeta): Promise<SessionGrant> {
    const token = newToken()
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + Session.maxAgeSeconds * 1000)
    const sessionId = await repo.createSession(
      { userId: user.id, tokenHash: hashToken(token), ...meta, createdAt: now, expiresAt },
      tx,
    )
    return { token, sessionId, expiresAt, user: presentSessionUser(user, portraitUrl) }
  }

  async function pageViewer(token: string, now: Date) {
    const claim = pageTokens.read(token, seconds(now))
    if (!claim) return null
    const row = await repo.liveSessionById(claim.sessionId, now)
    if (!row) return null
    return { row, credential: 'page' as const, tokenExpiresAt: new Date(claim.expiresAt * 1000) }
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
      const grant = await issueSession(tx, user, meta)
      return { ...grant, isNew }
    })
  }

  return {
    async createAnonymous(client: ClientInfo): Promise<SessionGrant> {
      const meta = await sessionMeta(client)
      return repo.transaction(async (tx) => {
        const user = await repo.createUser({ userType: UserType.Anonymous }, tx)
        return issueSession(tx, user, meta)
      })
    },

    /** The viewer of a bearer token: a session token, or a web page's page token naming a live session. */
    async resolveViewer(token: string): Promise<Viewer | null> {
      const now = clock.now()
      let found: { row: LiveSession; credential: Viewer['credential']; tokenExpiresAt: Date } | null
      if (pageTokens.isPageToken(token)) {
        found = await pageViewer(token, now)
      } else {
        const row = await repo.liveSessionByHash(hashToken(token), now)
        found = row ? { row, credential: 'session', tokenExpiresAt: row.session.expiresAt } : null
      }
      if (!found) return null
      const { row, credential, tokenExpiresAt } = found
      const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS)
      // The row read above says whether a write is due: most requests write nothing.
      if (row.session.lastUsedAt < staleBefore) await repo.touchSession(row.session.id, now, staleBefore)
      return {
        userId: row.user.id,
        userType: row.user.userType,
        userRole: row.user.userRole,
        sessionId: row.session.id,
        token,
        credential,
        expiresAt: row.session.expiresAt,
        tokenExpiresAt,
        isAccount: row.user.userType === UserType.LoggedIn,
      }
    },

    /** A page token for a session: `Session.pageTokenSeconds` from now, never past the session's end. */
    pageToken(grant: Pick<SessionGrant, 'sessionId' | 'expiresAt'>): { token: string; expiresAt: number } {
      const expiresAt = Math.min(seconds(clock.now()) + Session.pageTokenSeconds, seconds(grant.expiresAt))
      return { token: pageTokens.issue(grant.sessionId, expiresAt), expiresAt }
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

    /**
     * The session of a session token as it stands, or renewed when it ends within the refresh window (spec
     * §9: 172800 s): a new token and a new 60 days on the same session, so its page tokens and sockets carry
     * on. Outside the window it is answered unchanged (`refreshed: false`). Throws 1001 for a token that is
     * not live.
     */
    async refresh(token: string): Promise<{ grant: SessionGrant; refreshed: boolean }> {
      const now = clock.now()
      const oldHash = hashToken(token)
      const row = await repo.liveSessionByHash(oldHash, now)
      const user = row ? await repo.userById(row.user.id) : undefined
      if (!row || !user) throw new AppError('NotLoggedIn')
      const current = {
        token,
        sessionId: row.session.id,
        expiresAt: row.session.expiresAt,
        user: presentSessionUser(user, portraitUrl),
      }
      const remaining = row.session.expiresAt.getTime() - now.getTime()
      if (remaining > Session.refreshWindowSeconds * 1000) return { grant: current, refreshed: false }
      const next = newToken()
      const expiresAt = new Date(now.getTime() + Session.maxAgeSeconds * 1000)
      const rotated = await repo.rotateSession(row.session.id, {
        oldHash,
        newHash: hashToken(next),
        expiresAt,
      })
      if (!rotated) throw new AppError('NotLoggedIn')
      return { grant: { ...current, token: next, expiresAt }, refreshed: true }
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
