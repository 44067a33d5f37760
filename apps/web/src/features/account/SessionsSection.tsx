import type { SessionInfo } from '@velvet/contract'
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react'
import { useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { formatPacific, isoOf } from '../../lib/pacific-time.ts'
import { queryClient } from '../../lib/query-client.ts'
import { Button } from '../../ui/Button.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { RowGroup, Tag } from '../../ui/Rows.tsx'
import { toast } from '../../ui/toast-store.ts'
import { accountKeys, useAccountUserId, useRevokeOtherSessions, useRevokeSession } from './account.queries.ts'
import { deviceKind } from './account-rules.ts'

type AccountData = { sessions: SessionInfo[] } & Record<string, unknown>

const icons = { phone: Smartphone, tablet: Tablet, desktop: Monitor } as const

/** The signed-in devices: this one first, each other one with "Sign out", and "Sign out other devices". */
export function SessionsSection({ sessions }: { sessions: readonly SessionInfo[] }) {
  const userId = useAccountUserId()
  const [busy, setBusy] = useState<number | 'others' | null>(null)
  const revokeOne = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current))
  const others = sessions.filter((s) => !s.current).length

  const keepSessions = (keep: (session: SessionInfo) => boolean) =>
    queryClient.setQueryData<AccountData>(accountKeys.info(userId), (old) =>
      old ? { ...old, sessions: old.sessions.filter(keep) } : old,
    )

  const signOut = async (session: SessionInfo) => {
    const ok = await confirm({
      title: 'Sign out this device?',
      message: `${session.device} will be signed out of Velvet right away.`,
      confirmLabel: 'Sign out',
      tone: 'danger',
    })
    if (!ok) return
    setBusy(session.session_id)
    try {
      await revokeOne.mutateAsync(session.session_id)
      keepSessions((s) => s.session_id !== session.session_id)
      toast.success(`${session.device} was signed out.`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setBusy(null)
    }
  }

  const signOutOthers = async () => {
    const ok = await confirm({
      title: 'Sign out other devices?',
      message: 'Every device except this one will be signed out of Velvet right away.',
      confirmLabel: 'Sign out others',
      tone: 'danger',
    })
    if (!ok) return
    setBusy('others')
    try {
      const { revoked } = await revokeOthers.mutateAsync()
      keepSessions((s) => s.current)
      toast.success(revoked === 1 ? '1 device was signed out.' : `${revoked} devices were signed out.`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setBusy(null)
    }
  }

  return (
    <RowGroup
      title="Signed-in devices"
      footer="Times are Pacific time. A device you don’t recognise? Sign it out, then check your e-mail."
    >
      {ordered.map((session) => {
        const Icon = icons[deviceKind(session.device)]
        return (
          <div key={session.session_id} className="v-set-row v-account-session">
            <span className="v-set-row__icon" aria-hidden="true">
              <Icon />
            </span>
            <span className="v-set-row__text">
              <span className="v-set-row__title">{session.device}</span>
              <span className="v-set-row__hint">
                {session.location ?? 'Unknown location'}
                {' · '}
                {session.current ? (
                  'Active now'
                ) : (
                  <>
                    Last used{' '}
                    <time dateTime={isoOf(session.last_used_at)}>{formatPacific(session.last_used_at)}</time>
                  </>
                )}
              </span>
            </span>
            <span className="v-set-row__end">
              {session.current ? (
                <Tag tone="accent">This device</Tag>
              ) : (
                <Button
                  variant="ghost"
                  size="md"
                  loading={busy === session.session_id}
                  disabled={busy === 'others'}
                  aria-label={`Sign out ${session.device}`}
                  onClick={() => void signOut(session)}
                >
                  Sign out
                </Button>
              )}
            </span>
          </div>
        )
      })}
      {others > 0 ? (
        <div className="v-account-others">
          <Button
            variant="danger"
            size="md"
            block
            icon={<LogOut />}
            loading={busy === 'others'}
            onClick={() => void signOutOthers()}
          >
            Sign out other devices
          </Button>
        </div>
      ) : (
        <p className="v-account-only">You are signed in on this device only.</p>
      )}
    </RowGroup>
  )
}
