import { type CreatorAudit, ErrorCodes } from '@velvet/contract'
import { useId, useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { AgreementText } from './AgreementText.tsx'
import { useAcceptCreatorAgreement, useCreatorAgreement } from './creator.queries.ts'

/** Step 1: read the creator agreement, tick "I agree", continue (the version read is sent back). */
export function AgreementStep({ onDone }: { onDone: (audit: CreatorAudit) => void }) {
  const query = useCreatorAgreement()
  const [agreed, setAgreed] = useState(false)
  const [saving, setSaving] = useState(false)
  const acceptAgreement = useAcceptCreatorAgreement()
  const [error, setError] = useState<string | null>(null)
  const checkId = useId()

  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  }
  if (!query.data) return <SkeletonRows count={4} label="Loading the creator agreement" />
  const agreement = query.data

  const accept = async () => {
    if (saving || !agreed) return
    setSaving(true)
    setError(null)
    try {
      onDone(await acceptAgreement.mutateAsync(agreement.version))
    } catch (failure) {
      setError(messageOf(failure))
      // A newer version was published while reading: show it and ask again.
      if (isApiError(failure) && failure.code === ErrorCodes.AgreementOutdated.code) {
        setAgreed(false)
        void query.refetch()
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="v-audit-step">
      <div className="v-audit-step__head">
        <h2 className="v-audit-step__title">{agreement.title}</h2>
        <p className="v-audit-step__text">
          Version {agreement.version}. Please read it: it is the agreement between you and Velvet once you
          publish as a creator.
        </p>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling text must be reachable by keyboard */}
      <section className="v-audit-scroll" tabIndex={0} aria-label="Creator agreement text">
        <AgreementText sections={agreement.sections} />
      </section>
      <label className="v-audit-check" htmlFor={checkId}>
        <input
          id={checkId}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <span>I have read and agree to the {agreement.title}.</span>
      </label>
      {error ? <Alert>{error}</Alert> : null}
      <Button block disabled={!agreed} loading={saving} onClick={() => void accept()}>
        Continue
      </Button>
    </div>
  )
}
