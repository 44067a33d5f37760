/**
 * Money on PostgreSQL with two real server processes: 10,000 concurrent PPV unlock attempts over 100 fan
 * wallets leave the ledger exact (every transfer balanced, balances equal to their postings, none negative,
 * coins minted = spent + left, one unlock row per unlock transfer, nobody charged twice); then one process is
 * killed with SIGKILL in the middle of a burst and, after a restart, nothing is half written and every
 * attempt retried with its own Idempotency-Key lands exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ErrorCodes, unlockPost, Visibility } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../../platform/db.ts'
import { scratchPostgresDatabase } from '../../test/database.ts'
import { startTestApp, TEST_CLIENT_KEY, type TestApp } from '../../test/harness.ts'
import { makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import {
  callOverHttp,
  freePort,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../../test/processes.ts'
import { type Account, makeAccounts } from '../../test/social-factories.ts'
import { AccountKind, TransferKind } from './accounts.ts'

const databaseUrl = process.env.DATABASE_URL
const FANS = 100
const POSTS = 40
const PRICE = 10

interface Node {
  port: number
  url: string
  process: ServerProcess
  dataDir: string
}

let scratch: { url: string; drop(): Promise<void> }
let database: Database
let t: TestApp
let fans: Account[]
let postIds: number[]
const nodes: Node[] = []
let minted = 0
/** 'charged' answers so far: each must be exactly one unlock transfer. */
let charged = 0

function startNode(port: number): Node {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-ledger-node-'))
  const proc = startServerProcess({
    PORT: String(port),
    DATABASE_URL: scratch.url,
    REDIS_URL: '',
    DATA_DIR: dataDir,
    SIGNING_CLIENT_KEY: TEST_CLIENT_KEY,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PROVIDERS: '1',
  })
  return { port, url: `http://127.0.0.1:${port}`, process: proc, dataDir }
}

async function mintAll(coins: number) {
  const ledger = t.app.services.money.ledger
  for (const fan of fans) {
    await ledger.transfer({
      key: `two-processes-mint-${fan.userId}-${minted}`,
      kind: TransferKind.CoinPurchase,
      actorUserId: fan.userId,
      postings: [
        { account: { kind: AccountKind.CoinIssuance }, amount: -coins },
        { account: { kind: AccountKind.FanCoins, userId: fan.userId }, amount: coins },
        { account: { kind: AccountKind.PaymentClearing }, amount: -coins * 10 },
        { account: { kind: AccountKind.CoinReserve }, amount: coins * 10 },
      ],
    })
  }
  minted += coins * fans.length
}

interface Attempt {
  fan: Account
  postId: number
  key: string
}

type Result = 'charged' | 'owned' | 'short' | 'lost' | `other:${string}`

async function attempt(node: Node, a: Attempt): Promise<Result> {
  try {
    const res = await callOverHttp(
      node.url,
      unlockPost,
      { post_id: a.postId, price: PRICE },
      { token: a.fan.token, headers: { 'idempotency-key': a.key } },
    )
    if (res.ok && res.data) return res.data.charged ? 'charged' : 'owned'
    if (res.code === ErrorCodes.InsufficientCoins.code) return 'short'
    return `other:${res.status}/${res.code}`
  } catch {
    // The process died before answering: the outcome is unknown to the caller.
    return 'lost'
  }
}

/** Runs attempts with `concurrency` in flight; `onAnswer` sees how many have been answered so far. */
async function burst(
  attempts: Attempt[],
  concurrency: number,
  pick: (i: number) => Node,
  onAnswer: (answered: number) => void = () => undefined,
) {
  const results: Result[] = new Array(attempts.length)
  let next = 0
  let answered = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < attempts.length) {
        const i = next++
        results[i] = await attempt(pick(i), attempts[i] as Attempt)
        onAnswer(++answered)
      }
    }),
  )
  return results
}

function randomAttempts(n: number, tag: string): Attempt[] {
  return Array.from({ length: n }, (_, i) => ({
    fan: fans[Math.floor(Math.random() * fans.length)] as Account,
    postId: postIds[Math.floor(Math.random() * postIds.length)] as number,
    key: `${tag}-${i}-${Math.random().toString(36).slice(2, 10)}`,
  }))
}

async function ledgerFacts() {
  const db = database.db
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows
  const [coins] = await rows<{ total: string }>(
    sql`SELECT COALESCE(SUM(balance), 0) AS total FROM ledger_accounts WHERE kind = ${AccountKind.FanCoins}`,
  )
  const [unlocks] = await rows<{ n: string }>(
    sql`SELECT count(*) AS n FROM ledger_transfers WHERE kind = ${TransferKind.Unlock}`,
  )
  const [unlockRows] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM post_unlocks`)
  const [spent] = await rows<{ total: string }>(
    sql`SELECT COALESCE(-SUM(p.amount), 0) AS total FROM ledger_postings p
        JOIN ledger_transfers t ON t.id = p.transfer_id
        JOIN ledger_accounts a ON a.id = p.account_id
        WHERE t.kind = ${TransferKind.Unlock} AND a.kind = ${AccountKind.FanCoins}`,
  )
  const [empty] = await rows<{ n: string }>(
    sql`SELECT count(*) AS n FROM ledger_transfers t
        WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transfer_id = t.id)`,
  )
  const [twice] = await rows<{ n: string }>(
    sql`SELECT count(*) AS n FROM (SELECT actor_user_id, item_id FROM ledger_transfers
        WHERE kind = ${TransferKind.Unlock} GROUP BY 1, 2 HAVING count(*) > 1) d`,
  )
  const [mismatched] = await rows<{ n: string }>(
    sql`SELECT count(*) AS n FROM ledger_transfers t
        WHERE t.kind = ${TransferKind.Unlock} AND NOT EXISTS (
          SELECT 1 FROM post_unlocks u WHERE u.user_id = t.actor_user_id AND u.post_id::text = t.item_id)`,
  )
  const [pending] = await rows<{ n: string }>(
    sql`SELECT count(*) AS n FROM idempotency_records WHERE status = 0`,
  )
  const audit = await t.app.services.money.ledger.audit()
  return {
    coinsLeft: Number(coins?.total),
    spent: Number(spent?.total),
    unlockTransfers: Number(unlocks?.n),
    unlockRows: Number(unlockRows?.n),
    transfersWithoutPostings: Number(empty?.n),
    boughtTwice: Number(twice?.n),
    unlocksWithoutRow: Number(mismatched?.n),
    pendingKeys: Number(pending?.n),
    audit,
  }
}

async function expectExactLedger() {
  const facts = await ledgerFacts()
  expect(facts.audit.unbalancedTransfers).toEqual([])
  expect(facts.audit.driftedAccounts).toEqual([])
  expect(facts.audit.negativeAccounts).toEqual([])
  for (const total of facts.audit.totalsByUnit.values()) expect(total).toBe(0)
  expect(facts.coinsLeft).toBe(minted - facts.spent)
  expect(facts.spent).toBe(facts.unlockTransfers * PRICE)
  expect(facts.unlockRows).toBe(facts.unlockTransfers)
  expect(facts.unlocksWithoutRow).toBe(0)
  expect(facts.transfersWithoutPostings).toBe(0)
  expect(facts.boughtTwice).toBe(0)
  expect(facts.pendingKeys).toBe(0)
  return facts
}

describe.skipIf(!databaseUrl)('unlocks on two server processes (PostgreSQL)', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    scratch = await scratchPostgresDatabase(databaseUrl as string)
    database = await openDatabase({ url: scratch.url, onIdleError: () => undefined })
    await runMigrations(database)
    t = await startTestApp({}, { database })
    // The processes run on the real clock: sessions and posts are made at the real time too.
    t.clock.set(new Date())
    fans = await makeAccounts(t, FANS)
    const creator = await makeVerifiedCreator(t)
    postIds = []
    for (let i = 0; i < POSTS; i++)
      postIds.push((await makePost(t, creator, { visibility: Visibility.PPV, price: PRICE })).postId)
    const [a, b] = [await freePort(), await freePort()]
    nodes.push(startNode(a), startNode(b))
    await Promise.all(nodes.map((node) => waitUntilReady(node.port, 120_000)))
  }, 600_000)

  afterAll(async () => {
    for (const node of nodes) {
      if (node.process.child.exitCode === null) node.process.child.kill('SIGKILL')
      rmSync(node.dataDir, { recursive: true, force: true })
    }
    await t?.close()
    await database?.close()
    await scratch?.drop()
  })

  it('10,000 concurrent attempts over 100 wallets: exact totals, no negative balance, no double charge', async () => {
    // 50 coins each: five unlocks per fan at most, so most attempts run out of coins or repeat a purchase.
    await mintAll(50)
    const attempts = randomAttempts(10_000, 'burst')
    const results = await burst(attempts, 64, (i) => nodes[i % 2] as Node)
    const count = (r: Result) => results.filter((x) => x === r).length
    expect(results.filter((r) => r.startsWith('other') || r === 'lost')).toEqual([])
    charged += count('charged')
    const facts = await expectExactLedger()
    expect(facts.unlockTransfers).toBe(charged)
    expect(count('charged') + count('owned') + count('short')).toBe(10_000)
    // Every fan could afford five and had plenty of tries.
    expect(facts.coinsLeft).toBe(0)
    console.info(
      `two processes: ${count('charged')} charged, ${count('owned')} already owned, ${count('short')} short of coins`,
    )
  })

  it('a process killed with SIGKILL mid-burst leaves no partial transfer; retries land exactly once', async () => {
    await mintAll(100)
    const attempts = randomAttempts(3_000, 'crash')
    const [victim, survivor] = nodes as [Node, Node]
    // SIGKILL once 300 answers came back: requests are in flight on the victim, some mid-transaction.
    const results = await burst(
      attempts,
      64,
      (i) => (i % 2 === 0 ? victim : survivor),
      (answered) => {
        if (answered === 300) victim.process.child.kill('SIGKILL')
      },
    )
    expect(results.filter((r) => r === 'charged').length).toBeGreaterThan(0)
    const lost = attempts.filter((_, i) => results[i] === 'lost')
    expect(results.filter((r) => r.startsWith('other'))).toEqual([])
    // Nothing half written, right after the crash.
    await expectExactLedger()

    // The killed process comes back; every unanswered attempt is retried with its own key.
    const restarted = startNode(victim.port)
    nodes[0] = restarted
    await waitUntilReady(restarted.port, 120_000)
    const retried = await burst(lost, 16, () => restarted)
    expect(retried.filter((r) => r === 'lost' || r.startsWith('other'))).toEqual([])
    const facts = await expectExactLedger()
    // Each 'charged' answer is one transfer, whether it came before the crash or on the retry (a retry of
    // an attempt that had committed just before the kill replays the stored answer).
    charged += [...results, ...retried].filter((r) => r === 'charged').length
    expect(facts.unlockTransfers).toBe(charged)
    const beforeKill = results.filter((r, i) => i % 2 === 0 && r !== 'lost').length
    console.info(
      `crash: the killed process answered ${beforeKill} attempts, left ${lost.length} unanswered; all retried once`,
    )
  })
})
