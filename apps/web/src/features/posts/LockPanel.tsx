import { type PostLock, PostTexts } from '@velvet/contract'
import { Coins, Crown, Lock } from 'lucide-react'
import { Button } from '../../ui/Button.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { type LockAction, lockActions, lockSummary } from './post-rules.ts'

/** Purchases and memberships come with the money issue: the buttons say so plainly, never pretend. */
function sayNotAvailable(action: LockAction) {
  void confirm({
    title: action.kind === 'unlock' ? 'Unlocking is coming soon' : 'Memberships are coming soon',
    message: action.kind === 'unlock' ? PostTexts.unlockNotAvailable : PostTexts.subscribeNotAvailable,
    confirmLabel: 'OK',
    cancelLabel: null,
  })
}

/**
 * Laid over the blurred preview of a locked post: a lock, what the post holds ("3 photos · 2 videos ·
 * 4:12") and what opens it: the price in coins (gold), "Subscribe to see", or both.
 */
export function LockPanel({ lock }: { lock: PostLock }) {
  const summary = lockSummary(lock)
  return (
    <div className="v-lock">
      <span className="v-lock__badge" aria-hidden="true">
        <Lock />
      </span>
      <p className="v-lock__title">
        <span className="v-visually-hidden">Locked post. </span>
        {summary || 'Locked post'}
      </p>
      <div className="v-lock__actions">
        {lockActions(lock).map((action) =>
          action.kind === 'unlock' ? (
            <button
              key={action.kind}
              type="button"
              className="v-lock__unlock"
              onClick={() => sayNotAvailable(action)}
            >
              <Coins aria-hidden="true" />
              {action.label}
            </button>
          ) : (
            <Button key={action.kind} size="md" icon={<Crown />} onClick={() => sayNotAvailable(action)}>
              {action.label}
            </Button>
          ),
        )}
      </div>
    </div>
  )
}
