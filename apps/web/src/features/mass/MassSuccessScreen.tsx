import { CalendarCheck, CircleCheck, List, Send } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { AccountOnly } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { positiveIdOf } from '../posts/index.ts'
import { scheduleText } from '../publish/index.ts'
import { audienceText } from './MassCard.tsx'
import { useMassDetail } from './mass.queries.ts'
import { MassPath } from './paths.ts'
import '../../ui/success.css'
import './mass.css'

/** /mass/success?mass_id=: it is on its way (or scheduled), with live progress while it sends. */
export function MassSuccessScreen() {
  const [params] = useSearchParams()
  const massId = positiveIdOf(params.get('mass_id'))
  return <AccountOnly>{() => <Report massId={massId} />}</AccountOnly>
}

function Report({ massId }: { massId: number | null }) {
  const query = useMassDetail(massId)
  const mass = query.data?.mass
  const scheduled = mass?.status_name === 'scheduled'
  return (
    <div className="v-screen v-mass-screen">
      <ScreenBar title={scheduled ? 'Scheduled' : 'Sent'} fallback={MassPath.list} />
      <main className="v-mass-main">
        {massId !== null && query.isPending ? (
          <div className="v-success">
            <Spinner label="Loading" />
          </div>
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <section className="v-success" aria-labelledby="v-mass-success-title">
            <span className="v-success__icon" aria-hidden="true">
              {scheduled ? <CalendarCheck /> : <CircleCheck />}
            </span>
            <h2 id="v-mass-success-title" className="v-success__title">
              {scheduled ? 'Your mass message is scheduled' : 'Your mass message is on its way'}
            </h2>
            {mass ? (
              <p className="v-success__text">
                {scheduled ? (
                  <>
                    It goes to <strong>{audienceText(mass)}</strong> on{' '}
                    <strong>{scheduleText(mass.send_at)}</strong>. You can cancel it until then.
                  </>
                ) : mass.status_name === 'failed' ? (
                  <>It could not be sent: {mass.failure}</>
                ) : (
                  <>
                    Each fan in <strong>{audienceText(mass)}</strong> gets it in their own chat.{' '}
                    <span data-testid="mass-progress">
                      {mass.status_name === 'successful'
                        ? `Delivered to ${mass.counts.sent.toLocaleString('en-US')}.`
                        : mass.recipients !== null
                          ? `Delivered to ${mass.counts.sent.toLocaleString('en-US')} of ${mass.recipients.toLocaleString('en-US')} so far.`
                          : 'Starting…'}
                    </span>
                  </>
                )}
              </p>
            ) : null}
            <div className="v-success__actions">
              <Link to={MassPath.list} className={buttonClassName({ block: true })}>
                <List aria-hidden="true" className="v-success__button-icon" /> See mass messages
              </Link>
              <Link to={MassPath.sender} className={buttonClassName({ variant: 'secondary', block: true })}>
                <Send aria-hidden="true" className="v-success__button-icon" /> Write another
              </Link>
            </div>
          </section>
        )}
      </main>
    </div>
  )
}
