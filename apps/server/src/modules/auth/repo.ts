import { nameSkeleton } from '@velvet/contract'
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { type Db, isUniqueViolation, type Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { lockUserNames } from './index.ts'
import { emailCodes, sessions, type UserRow, userNameSkeleton, users } from './schema.ts'

type Conn = Db | Tx

/** What an e-mail code confirms. */
export type CodePurpose = 'login' | 'delete'

export interface NewSession {
  userId: number
  tokenHash: string
  deviceId: string | null
  /** What /user/account shows: the user agent, address and country the session was issued to. */
  userAgent: string | null
  ip: string | null
  country: string | null
  createdAt: Date
  expiresAt: Date
}

export interface ProfileFields {
  birthday: string
  userName: string
  nickname: string
}

/** An account the server makes itself (demo creators). */
export interface ServerAccountFields extends ProfileFields {
  bio: string
  /** Storage key of the portrait. */
  portrait: string | null
  createdAt: Date
}

/** Only what a Viewer is made of: this runs on every request. */
function liveSessionQuery(conn: Conn, by: 'tokenHash' | 'id') {
  return conn
    .select({
      session: {
        id: sessions.id,
        tokenHash: sessions.tokenHash,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
      },
      user: { id: users.id, userType: users.userType, userRole: users.userRole },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        by === 'id'
          ? eq(sessions.id, sql.placeholder('id'))
          : eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
}

type LiveSessionStatement = ReturnType<ReturnType<typeof liveSessionQuery>['prepare']>

/** Every SQL statement of the auth module. */
export function createAuthRepo(db: Db) {
  let liveSession: LiveSessionStatement | undefined
  let liveSessionOfId: LiveSessionStatement | undefined
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work)
    },

    async createUser(
      fields: { userType: number; email?: string; googleSub?: string },
      conn: Conn = db,
    ): Promise<UserRow> {
      const [row] = await conn
        .insert(users)
        .values({
          userType: fields.userType,
          email: fields.email ?? null,
          googleSub: fields.googleSub ?? null,
        })
        .returning()
      if (!row) throw new Error('insert users returned nothing')
      return row
    },

    /** Whether any user row exists (accounts, guests, deleted accounts): false only on an empty database. */
    async hasAnyUser(conn: Conn = db): Promise<boolean> {
      const rows = await conn.select({ id: users.id }).from(users).limit(1)
      return rows.length > 0
    },

    /** An account with its profile complete and no sign-in identity (no e-mail, no Google). */
    async insertServerAccount(fields: ServerAccountFields, conn: Conn = db): Promise<UserRow> {
      const [row] = await conn
        .insert(users)
        .values({
          userType: 0,
          userName: fields.userName,
          nickname: fields.nickname,
          bio: fields.bio,
          birthday: fields.birthday,
          portrait: fields.portrait,
          profileCompletedAt: fields.createdAt,
          createdAt: fields.createdAt,
          updatedAt: fields.createdAt,
        })
        .returning()
      if (!row) throw new Error('insert users returned nothing')
      return row
    },

    async userById(id: number, conn: Conn = db): Promise<UserRow | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.id, id))
      return row
    },

    async userByEmail(email: string, conn: Conn = db): Promise<UserRow | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.email, email))
      return row
    },

    async userByGoogleSub(sub: string, conn: Conn = db): Promise<UserRow | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.googleSub, sub))
      return row
    },

    /** Whether `userName` or a look-alike of it (the same skeleton: jane.doe for jane_doe) is someone's name. */
    async isUserNameTaken(userName: string, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .select({ id: users.id })
        .from(users)
        .where(sql`${userNameSkeleton(users.userName)} = ${nameSkeleton(userName)}`)
        .limit(1)
      return rows.length > 0
    },

    lockUserNames,

    /** Turns an anonymous guest into an account in place, so everything it did stays with it. */
    async upgradeGuest(
      userId: number,
      fields: { email?: string; googleSub?: string },
      conn: Conn = db,
    ): Promise<UserRow | undefined> {
      const [row] = await conn
        .update(users)
        .set({
          userType: 0,
          email: fields.email ?? null,
          googleSub: fields.googleSub ?? null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, userId), eq(users.userType, 3)))
        .returning()
      return row
    },

    async linkGoogle(userId: number, googleSub: string, conn: Conn = db): Promise<void> {
      await conn.update(users).set({ googleSub, updatedAt: sql`now()` }).where(eq(users.id, userId))
    },

    /** Completes the sign-up profile once; answers undefined if it was already complete. */
    async completeProfile(userId: number, p: ProfileFields, conn: Conn = db): Promise<UserRow | undefined> {
      try {
        const [row] = await conn
          .update(users)
          .set({
            birthday: p.birthday,
            userName: p.userName,
            nickname: p.nickname,
            profileCompletedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(users.id, userId), eq(users.userType, 0), isNull(users.profileCompletedAt)))
          .returning()
        return row
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('UsernameTaken')
        throw error
      }
    },

    async setPortrait(userId: number, portrait: string, conn: Conn = db): Promise<UserRow | undefined> {
      const [row] = await conn
        .update(users)
        .set({ portrait, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning()
      return row
    },

    /** Answers the new session's id. */
    async createSession(s: NewSession, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .insert(sessions)
        .values({ ...s, lastUsedAt: s.createdAt })
        .returning({ id: sessions.id })
      if (!row) throw new Error('insert sessions returned nothing')
      return row.id
    },

    /** Marks a session used now, unless that was already recorded after `staleBefore` (one write per window). */
    async touchSession(sessionId: number, now: Date, staleBefore: Date, conn: Conn = db): Promise<void> {
      await conn
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, staleBefore)))
    },

    /**
     * The live session of a token hash with its user. Runs on every request (the viewer hook), so outside a
     * transaction it is a named prepared statement: built once, parsed and planned once per connection.
     */
    async liveSessionByHash(tokenHash: string, now: Date, conn: Conn = db) {
      if (conn !== db) {
        const [row] = await liveSessionQuery(conn, 'tokenHash').execute({ tokenHash, now })
        return row
      }
      liveSession ??= liveSessionQuery(db, 'tokenHash').prepare('auth_live_session')
      const [row] = await liveSession.execute({ tokenHash, now })
      return row
    },

    /** The live session of an id with its user (a page token names its session by id). */
    async liveSessionById(id: number, now: Date) {
      liveSessionOfId ??= liveSessionQuery(db, 'id').prepare('auth_live_session_of_id')
      const [row] = await liveSessionOfId.execute({ id, now })
      return row
    },

    /**
     * Gives a live session a new token and expiry in place (same id: its page tokens and sockets carry on).
     * Only from the token it had (`oldHash`): of two rotations at once, one wins. Answers whether it did.
     */
    async rotateSession(
      sessionId: number,
      rotation: { oldHash: string; newHash: string; expiresAt: Date },
      conn: Conn = db,
    ): Promise<boolean> {
      const rows = await conn
        .update(sessions)
        .set({ tokenHash: rotation.newHash, expiresAt: rotation.expiresAt })
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.tokenHash, rotation.oldHash),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id })
      return rows.length > 0
    },

    /** Which of these sessions are live (neither revoked nor expired at `now`). */
    async liveSessionIds(ids: number[], now: Date, conn: Conn = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const rows = await conn
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      return new Set(rows.map((row) => row.id))
    },

    /** Revokes a live session; answers whether this call revoked it (false if already revoked). */
    async revokeSession(sessionId: number, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },

    /** The newest code of an e-mail for one purpose (a sign-in code never confirms a deletion). */
    async latestCode(email: string, purpose: CodePurpose = 'login', conn: Conn = db) {
      const [row] = await conn
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
        .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
        .limit(1)
      return row
    },

    async countCodesSince(
      where: { email?: string; ip?: string },
      since: Date,
      conn: Conn = db,
    ): Promise<number> {
      const filter = where.email ? eq(emailCodes.email, where.email) : eq(emailCodes.ip, where.ip ?? '')
      const [row] = await conn
        .select({ n: sql<number>`count(*)::int` })
        .from(emailCodes)
        .where(and(filter, gt(emailCodes.createdAt, since)))
      return row?.n ?? 0
    },

    async insertCode(
      c: {
        email: string
        purpose: CodePurpose
        codeHash: string
        ip: string
        expiresAt: Date
        createdAt: Date
      },
      conn: Conn = db,
    ) {
      // Only the newest code of an e-mail (for that purpose) is valid: retire the older ones.
      await conn
        .update(emailCodes)
        .set({ consumedAt: c.createdAt })
        .where(
          and(
            eq(emailCodes.email, c.email),
            eq(emailCodes.purpose, c.purpose),
            isNull(emailCodes.consumedAt),
          ),
        )
      await conn.insert(emailCodes).values(c)
    },

    /**
     * Serialises issuing codes to one e-mail and to one address until the transaction ends, so that their
     * limits are checked and counted as one step (the e-mail first, then the address: never the reverse, so
     * two issuers cannot wait on each other).
     */
    async lockCodeIssuing(email: string, ip: string, tx: Tx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`email_code:${email}`}, 0))`)
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`email_code_ip:${ip}`}, 0))`)
    },

    /**
     * Counts one try of a code before its guess is compared, in one statement: only while the code is
     * unused and has tries left. Answers the try's number, or null when there is none left to take.
     */
    async takeCodeAttempt(codeId: number, maxTries: number, conn: Conn = db): Promise<number | null> {
      const [row] = await conn
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt), lt(emailCodes.attempts, maxTries)),
        )
        .returning({ attempts: emailCodes.attempts })
      return row?.attempts ?? null
    },

    async codeById(codeId: number, conn: Conn = db) {
      const [row] = await conn.select().from(emailCodes).where(eq(emailCodes.id, codeId))
      return row
    },

    /** Consumes a code once; answers false if another request consumed it first. */
    async consumeCode(codeId: number, at: Date, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .update(emailCodes)
        .set({ consumedAt: at })
        .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
        .returning({ id: emailCodes.id })
      return rows.length > 0
    },

    /** Deletes sessions that ended and e-mail codes that expired before `cutoff`. */
    async purgeBefore(cutoff: Date, conn: Conn = db): Promise<void> {
      await conn.delete(sessions).where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
      await conn.delete(emailCodes).where(lt(emailCodes.expiresAt, cutoff))
    },
  }
}

export type AuthRepo = ReturnType<typeof createAuthRepo>
