import { ErrorCodes } from '@velvet/contract'
import { CircleMinus, Trash2 } from 'lucide-react'
import { useEffect, useReducer, useState } from 'react'
import { Link } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { CodeInput } from '../../ui/CodeInput.tsx'
import { toast } from '../../ui/toast-store.ts'
import { localLogout, sessionExit } from '../auth/index.ts'
import { InfoPath } from '../info/index.ts'
import { useDeleteAccount, useSendDeleteAccountCode } from './account.queries.ts'
import {
  type DeleteFlow,
  deleteFlowStep,
  formatCountdown,
  initialDeleteFlow,
  secondsLeft,
} from './account-rules.ts'

function failure(error: unknown) {
  return {
    type: 'failed' as const,
    code: isApiError(error) ? error.code : ErrorCodes.Generic.code,
    message: messageOf(error),
  }
}

/**
 * Delete account (spec §5): what happens, a code e-mailed to the account, then the deletion. Refused with
 * the 3020 message while a balance is negative. On success this device logs out and lands on /login.
 */
export function DeleteAccountSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [flow, dispatch] = useReducer(deleteFlowStep, initialDeleteFlow)
  const [sending, setSending] = useState(false)
  const sendDeleteCode = useSendDeleteAccountCode()

  const sendCode = async () => {
    if (sending) return
    setSending(true)
    try {
      const answer = await sendDeleteCode.mutateAsync()
      dispatch({
        type: 'code-sent',
        email: answer.email,
        resendAfter: answer.resend_after,
        nowMs: Date.now(),
      })
    } catch (error) {
      dispatch(failure(error))
    } finally {
      setSending(false)
    }
  }

  const close = () => {
    if (flow.phase === 'unavailable') dispatch({ type: 'restart' })
    onClose()
  }

  return (
    <BottomSheet open={open} onClose={close} title="Delete account">
      <div className="v-delete">
        {flow.phase === 'explain' ? (
          <Explain error={flow.error} sending={sending} onSend={() => void sendCode()} onCancel={close} />
        ) : null}
        {flow.phase === 'code' ? (
          <CodeStep
            flow={flow}
            sending={sending}
            onResend={() => void sendCode()}
            onFailed={(error) => dispatch(failure(error))}
          />
        ) : null}
        {flow.phase === 'unavailable' ? (
          <>
            <Alert>{flow.message}</Alert>
            <p className="v-delete__lead">
              Once your balance is back to zero or above you can delete your account here. Need help?{' '}
              <Link to={InfoPath.contact}>Contact support</Link>.
            </p>
            <Button variant="secondary" block onClick={close}>
              Close
            </Button>
          </>
        ) : null}
      </div>
    </BottomSheet>
  )
}

function Explain({
  error,
  sending,
  onSend,
  onCancel,
}: {
  error: string | null
  sending: boolean
  onSend: () => void
  onCancel: () => void
}) {
  const points = [
    'Your profile, posts, messages and lists are removed from Velvet.',
    'Unspent coins are lost, and your memberships stop renewing.',
    'Every device is signed out, including this one.',
    'This cannot be undone: you would need to sign up again.',
  ]
  return (
    <>
      <p className="v-delete__lead">
        Deleting your account is <strong>permanent</strong>. Here is what happens:
      </p>
      <ul className="v-delete__list">
        {points.map((point) => (
          <li key={point}>
            <CircleMinus aria-hidden="true" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
      <p className="v-delete__lead">
        Records the law makes us keep (payments, identity checks) are kept as our{' '}
        <Link to={InfoPath.retention}>data retention policy</Link> says, then erased.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Button variant="danger" block loading={sending} onClick={onSend}>
        E-mail me a code
      </Button>
      <Button variant="ghost" block onClick={onCancel}>
        Keep my account
      </Button>
    </>
  )
}

function CodeStep({
  flow,
  sending,
  onResend,
  onFailed,
}: {
  flow: Extract<DeleteFlow, { phase: 'code' }>
  sending: boolean
  onResend: () => void
  onFailed: (error: unknown) => void
}) {
  const [code, setCode] = useState('')
  const [deleting, setDeleting] = useState(false)
  const removeAccount = useDeleteAccount()
  const [now, setNow] = useState(() => Date.now())
  const remaining = secondsLeft(flow.resendAtMs, now)

  useEffect(() => {
    if (remaining <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [remaining])

  const submit = async () => {
    if (deleting || code.length !== 6) return
    setDeleting(true)
    try {
      await removeAccount.mutateAsync(code)
      toast.success('Your account was deleted.')
      await sessionExit.run(localLogout)
    } catch (error) {
      // A wrong or expired code: the boxes are cleared for the next try.
      setDeleting(false)
      setCode('')
      onFailed(error)
    }
  }

  return (
    <form
      className="v-delete"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <p className="v-delete__lead">
        Enter the 6-digit code we sent to <strong>{flow.email}</strong> to delete your account.
      </p>
      <CodeInput
        label="Verification code"
        value={code}
        onChange={setCode}
        error={flow.error ?? undefined}
        readOnly={deleting}
        autoFocus
      />
      <p className="v-delete__resend" aria-live="polite">
        <span>Didn’t get it? Check your spam folder.</span>
        {remaining > 0 ? (
          <span>Resend code in {formatCountdown(remaining)}</span>
        ) : (
          <button type="button" className="v-set-link" disabled={sending} onClick={onResend}>
            Resend code
          </button>
        )}
      </p>
      <Button
        type="submit"
        variant="danger"
        block
        icon={<Trash2 />}
        loading={deleting}
        disabled={code.length !== 6}
      >
        Delete my account
      </Button>
    </form>
  )
}
