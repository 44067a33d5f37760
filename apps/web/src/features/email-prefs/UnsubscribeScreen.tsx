import { EmailCategoryTexts, ErrorCodes } from '@velvet/contract'
import { LinkIcon, MailCheck, MailX, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { queryClient } from '../../lib/query-client.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { useSession } from '../auth/index.ts'
import {
  emailPrefsKeys,
  type UnsubscribeParams,
  useEmailLinkSubscription,
  useUnsubscribeInfo,
} from './email-prefs.queries.ts'
import { unsubscribeParamsOf } from './unsubscribe-link.ts'
import '../../ui/screen-kit.css'
import './email-prefs.css'

type Info = { masked_email: string; category: UnsubscribeParams['c']; subscribed: boolean }

const invalidLink = ErrorCodes.UnsubscribeLinkInvalid

/**
 * /manage/email/unsubscribe?u=&c=&sig=: the one-click link of an e-mail. Works without logging in (the
 * visitor is an anonymous guest at most); nothing changes until "Unsubscribe" is pressed, and
 * "Resubscribe" undoes it.
 */
export function UnsubscribeScreen() {
  const { search } = useLocation()
  const link = unsubscribeParamsOf(search)
  const query = useUnsubscribeInfo(link)
  const session = useSession()

  let content = <SkeletonRows count={1} label="Checking your link" />
  if (!link || (query.isError && isApiError(query.error) && query.error.code === invalidLink.code)) {
    content = (
      <EmptyState
        variant="card"
        icon={<LinkIcon />}
        title="This link doesn’t work"
        text={invalidLink.message}
      />
    )
  } else if (query.isError) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (query.data) {
    content = <UnsubscribeCard link={link} info={query.data} />
  }

  return (
    <div className="v-screen">
      <ScreenBar title="E-mail preferences" fallback="/home" />
      <main className="v-set-body">
        {content}
        <p className="v-set-note">
          <ShieldCheck aria-hidden="true" />
          <span>
            Security and sign-in e-mails are always sent. To choose every kind of e-mail at once,{' '}
            <Link to="/manage/email/notification">manage your e-mail notifications</Link>
            {session.kind === 'account' ? '.' : ' (you will be asked to log in).'}
          </span>
        </p>
      </main>
    </div>
  )
}

function UnsubscribeCard({ link, info }: { link: UnsubscribeParams; info: Info }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [changed, setChanged] = useState(false)
  const subscription = useEmailLinkSubscription(link)
  const texts = EmailCategoryTexts[info.category]
  const topic = texts.title.toLowerCase()

  const change = async (subscribe: boolean) => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const answer = await subscription.mutateAsync(subscribe)
      queryClient.setQueryData<Info>(emailPrefsKeys.unsubscribe(link), (old) =>
        old ? { ...old, subscribed: answer.subscribed } : old,
      )
      setChanged(true)
    } catch (failure) {
      // spec §8 "unsubscribe or resubscribe failed": the link's own refusal, or what went wrong.
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const subscribed = info.subscribed
  return (
    <section className="v-set-card v-unsub" aria-labelledby="unsub-title" aria-live="polite">
      <span className={`v-unsub__icon${subscribed ? '' : ' v-unsub__icon--off'}`} aria-hidden="true">
        {subscribed ? <MailCheck /> : <MailX />}
      </span>
      <h2 id="unsub-title" className="v-unsub__title">
        {subscribed
          ? changed
            ? `You’re subscribed to ${topic} again`
            : `Unsubscribe from ${topic} e-mails?`
          : `You’re unsubscribed from ${topic} e-mails`}
      </h2>
      <p className="v-unsub__text">
        {subscribed ? (
          <>
            {changed ? 'We’ll send these e-mails to ' : 'We’ll stop sending these e-mails to '}
            <strong>{info.masked_email}</strong>.{changed ? '' : ' You can undo it right after.'}
          </>
        ) : (
          <>
            We won’t send these e-mails to <strong>{info.masked_email}</strong> any more. Changed your mind?
          </>
        )}
      </p>
      <p className="v-unsub__category">
        {texts.title}: {texts.description}
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {subscribed ? (
        <Button variant="primary" block loading={busy} onClick={() => void change(false)}>
          Unsubscribe
        </Button>
      ) : (
        <Button variant="secondary" block loading={busy} onClick={() => void change(true)}>
          Resubscribe
        </Button>
      )}
    </section>
  )
}
