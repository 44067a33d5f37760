import { blockUser, followUser, UserRole } from '@velvet/contract'
import { count, eq } from 'drizzle-orm'
import { users } from '../modules/auth/schema.ts'
import { follows, userStats } from '../modules/social/schema.ts'
import { makeAccount } from './factories.ts'
import type { TestApp } from './harness.ts'

export type Account = Awaited<ReturnType<typeof makeAccount>>

/** A verified creator (role 1 is only ever reached through verification; tests set it directly). */
export async function makeCreator(t: TestApp, overrides: { user_name?: string } = {}): Promise<Account> {
  const account = await makeAccount(t, overrides)
  await t.database.db.update(users).set({ userRole: UserRole.Creator }).where(eq(users.id, account.userId))
  return account
}

/** Several accounts at once (each sign-up goes through HTTP and the SMTP server). */
export async function makeAccounts(t: TestApp, n: number): Promise<Account[]> {
  const accounts: Account[] = []
  for (let i = 0; i < n; i++) accounts.push(await makeAccount(t))
  return accounts
}

export async function follow(t: TestApp, fan: Account, target: Account) {
  const res = await t.call(followUser, { user_id: target.userId }, { token: fan.token })
  if (res.status !== 200) throw new Error(`follow failed: ${JSON.stringify(res.body)}`)
  return res.body.data as { is_following: true; followers: number }
}

export async function block(t: TestApp, blocker: Account, target: Account) {
  const res = await t.call(blockUser, { user_id: target.userId }, { token: blocker.token })
  if (res.status !== 200) throw new Error(`block failed: ${JSON.stringify(res.body)}`)
}

/** Marks an account deleted the way account deletion leaves it (row kept, name cleared). */
export async function markDeleted(t: TestApp, account: Account) {
  await t.database.db
    .update(users)
    .set({ deletedAt: t.clock.now(), userName: null, email: null })
    .where(eq(users.id, account.userId))
}

export async function storedCounts(t: TestApp, userId: number) {
  const [row] = await t.database.db.select().from(userStats).where(eq(userStats.userId, userId))
  return { followers: row?.followers ?? 0, following: row?.following ?? 0 }
}

/** The counts as the follows table has them (what the counters must always equal). */
export async function actualCounts(t: TestApp, userId: number) {
  const db = t.database.db
  const [followers] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId))
  const [following] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId))
  return { followers: followers?.n ?? 0, following: following?.n ?? 0 }
}
