import { createHash } from 'node:crypto'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import {
  AccountKind,
  type AccountRef,
  assertBalanced,
  type PostingInput,
  type TransferKind,
  USER_ACCOUNT_UNITS,
  unitOf,
} from './accounts.ts'
import type { LedgerRepo, NewTransfer, PostingLine, TransferRow, UserMove } from './repo.ts'

export interface TransferRequest {
  /** Unique per operation: a replay with the same key is a no-op that answers the first transfer. */
  key: string
  kind: TransferKind
  actorUserId?: number | null
  counterpartyUserId?: number | null
  /** What was bought: ('post', '123'), ('gift', '7'), ('membership', '<fan>:<creator>:<period>')... */
  item?: { type: string; id: string } | null
  reversesId?: number | null
  /** Statement lines (gross, fee, referral, net, coins, a description). */
  meta?: Record<string, unknown>
  postings: PostingInput[]
}

export interface TransferResult {
  transfer: TransferRow
  /** False when the key had already moved the money (a replay). */
  created: boolean
}

/** Why a transfer was refused. */
export class LedgerRefusal extends Error {
  readonly reason: 'insufficient_funds' | 'already_owned'
  readonly account: AccountRef | undefined

  constructor(reason: 'insufficient_funds' | 'already_owned', account?: AccountRef) {
    super(reason === 'insufficient_funds' ? 'insufficient funds' : 'item already owned')
    this.name = 'LedgerRefusal'
    this.reason = reason
    this.account = account
  }
}

/** A canonical JSON text (sorted keys) of request parameters, for the idempotency hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export function requestHash(scope: string, params: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(canonical(params)).digest('hex')
}

function isUserAccount(ref: AccountRef): ref is Extract<AccountRef, { userId: number }> {
  return USER_ACCOUNT_UNITS[ref.kind] !== undefined
}

/**
 * The one service that moves money (DESIGN §4). A transfer is a set of postings that sums to zero
 * per unit, written once per idempotency key in one transaction: user balances change in the same
 * statement that checks they stay non-negative, in a fixed order (no deadlocks between two transfers).
 */
export function createLedgerService({ repo, clock }: { repo: LedgerRepo; clock: Clock }) {
  let systemIds: Map<number, number> | null = null

  async function systemAccountId(kind: number): Promise<number> {
    if (!systemIds) systemIds = await repo.systemAccounts()
    const id = systemIds.get(kind)
    if (id === undefined) throw new Error(`ledger system account ${kind} is missing`)
    return id
  }

  async function writeTransfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
    assertBalanced(request.postings)
    const row: NewTransfer = {
      kind: request.kind,
      idempotencyKey: request.key,
      actorUserId: request.actorUserId ?? null,
      counterpartyUserId: request.counterpartyUserId ?? null,
      itemType: request.item?.type ?? null,
      itemId: request.item?.id ?? null,
      reversesId: request.reversesId ?? null,
      meta: request.meta ?? {},
      createdAt: clock.now(),
    }
    // The net change per user account, in a fixed order (kind, user).
    const nets = new Map<string, UserMove>()
    const lines: PostingLine[] = []
    for (const { account, amount } of request.postings) {
      const unit = unitOf(account.kind)
      if (!isUserAccount(account)) {
        lines.push({ accountId: await systemAccountId(account.kind), unit, amount })
        continue
      }
      lines.push({ kind: account.kind, userId: account.userId, unit, amount })
      const id = `${account.kind}:${account.userId}`
      const move = nets.get(id) ?? { kind: account.kind, userId: account.userId, unit, net: 0 }
      move.net += amount
      nets.set(id, move)
    }
    const moves = [...nets.values()].sort((a, b) => a.kind - b.kind || a.userId - b.userId)
    const written = await repo.writeTransfer(tx, row, moves, lines)
    if (written.transferId === null) {
      const existing = await repo.transferByKey(tx, request.key)
      if (existing) return { transfer: existing, created: false }
      // The key is new, so the unique (buyer, item) of unlocks refused it.
      throw new LedgerRefusal('already_owned')
    }
    const short = written.short[0]
    if (short) {
      // Only the transfer row was written; the refusal rolls the transaction back.
      throw new LedgerRefusal('insufficient_funds', {
        kind: short.kind,
        userId: short.userId,
      } as AccountRef)
    }
    return { transfer: { id: written.transferId, ...row }, created: true }
  }

  return {
    /** Creates the system accounts (buildApp awaits this once, outside any transaction). */
    async init(): Promise<void> {
      systemIds = await repo.systemAccounts()
    },

    /**
     * Moves money once per key. Inside the caller's transaction when `tx` is given (so a purchase and its
     * effect, e.g. the unlock row, commit together), else in its own. Throws LedgerRefusal when a user
     * balance would go negative or the buyer already owns the item.
     */
    async transfer(request: TransferRequest, tx?: Tx): Promise<TransferResult> {
      if (tx) return writeTransfer(tx, request)
      return repo.db.transaction((own) => writeTransfer(own, request))
    },

    /** A fan's coins (0 before the first purchase). */
    coins(userId: number, tx?: Tx): Promise<number> {
      return repo.balance(tx ?? repo.db, userId, AccountKind.FanCoins)
    },

    /** A creator's withdrawable earnings in US cents. */
    earningsCents(userId: number, tx?: Tx): Promise<number> {
      return repo.balance(tx ?? repo.db, userId, AccountKind.CreatorPayout)
    },

    /**
     * Whether a user's coin or payout wallet is below zero (spec §5: deleting the account is refused then).
     * The database refuses negative user balances, so this is a guard that holds the rule in one place.
     */
    hasNegativeBalance(userId: number): Promise<boolean> {
      return repo.hasNegativeBalance(userId)
    },

    transferByKey(key: string, tx?: Tx) {
      return repo.transferByKey(tx ?? repo.db, key)
    },

    transferById(id: number, tx?: Tx) {
      return repo.transferById(tx ?? repo.db, id)
    },

    /** Whether the buyer already bought the item (unlock transfers). */
    unlockOf(buyerId: number, item: { type: string; id: string }, tx?: Tx) {
      return repo.unlockOf(tx ?? repo.db, buyerId, item.type, item.id)
    },

    postingsOf(transferId: number, tx?: Tx) {
      return repo.postingsOf(tx ?? repo.db, transferId)
    },

    /** Whole-ledger checks: unbalanced transfers, balances that drift from postings, negative balances. */
    audit() {
      return repo.audit(repo.db)
    },

    /**
     * Runs a money-moving call once per (user, Idempotency-Key) (DESIGN §3). The key is claimed, the effect
     * runs and its answer is stored in one transaction: a concurrent duplicate waits for it and then replays
     * the stored answer; the same key with other parameters is refused (5002). A refusal (an AppError) is
     * not stored: the caller may fix the cause (buy coins) and retry with the same key.
     */
    async idempotent<T>(
      options: { userId: number; key: string; scope: string; params: unknown },
      effect: (tx: Tx) => Promise<T>,
    ): Promise<T> {
      const hash = requestHash(options.scope, options.params)
      const replay = (stored: { scope: string; requestHash: string; status: number; response: unknown }) => {
        if (stored.scope !== options.scope || stored.requestHash !== hash)
          throw new AppError('IdempotencyKeyReused')
        if (stored.status === 0) throw new AppError('IdempotencyInProgress')
        return stored.response as T
      }
      const stored = await repo.storedAnswer(repo.db, options.userId, options.key)
      if (stored) return replay(stored)
      const outcome = await repo.db.transaction(async (tx) => {
        const claimed = await repo.claimKey(tx, options.userId, options.key, options.scope, hash, clock.now())
        if (!claimed) return { replayed: true as const }
        const answer = await effect(tx)
        await repo.storeAnswer(tx, options.userId, options.key, 200, answer)
        return { replayed: false as const, answer }
      })
      if (!outcome.replayed) return outcome.answer
      const settled = await repo.storedAnswer(repo.db, options.userId, options.key)
      if (!settled) throw new AppError('IdempotencyInProgress')
      return replay(settled)
    },
  }
}

export type LedgerService = ReturnType<typeof createLedgerService>
