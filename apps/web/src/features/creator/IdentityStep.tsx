import { Camera, IdCard, Lock, RotateCw, ScanFace, ShieldCheck } from 'lucide-react'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

interface StartProps {
  start: () => void
  starting: boolean
  error: string | null
}

const needs = [
  { icon: IdCard, text: 'A valid passport, national ID card or driving licence' },
  { icon: Camera, text: 'A camera for a clear photo of it and a selfie' },
  { icon: ShieldCheck, text: 'You must be 18 or older' },
]

function PrivacyNote() {
  return (
    <p className="v-set-note">
      <Lock aria-hidden="true" />
      <span>
        Your legal name, date of birth and documents stay with our verification partner and in a separate
        record. They are never shown on your profile or to fans.
      </span>
    </p>
  )
}

/** Step 4: what the partner's check needs, and the button that opens it. */
export function IdentityStep({ start, starting, error }: StartProps) {
  return (
    <div className="v-audit-step">
      <div className="v-audit-step__head">
        <h2 className="v-audit-step__title">Verify your identity</h2>
        <p className="v-audit-step__text">
          Our verification partner confirms that you are who you say you are and over 18. It takes about two
          minutes; you come back here when it is done.
        </p>
      </div>
      <ul className="v-audit-needs">
        {needs.map(({ icon: Icon, text }) => (
          <li key={text}>
            <Icon aria-hidden="true" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <PrivacyNote />
      {error ? <Alert>{error}</Alert> : null}
      <Button block icon={<ScanFace />} loading={starting} onClick={start}>
        Verify my identity
      </Button>
    </div>
  )
}

/** After the partner's page: the decision is awaited (the audit is polled every 3 s). */
export function PendingView() {
  return (
    <div className="v-audit-status" role="status" aria-live="polite">
      <Spinner size="lg" label="Checking" />
      <h2 className="v-audit-step__title">We’re reviewing your documents</h2>
      <p className="v-audit-step__text">
        This usually takes a few minutes. You can stay here or leave: your account becomes a creator account
        as soon as the check is approved.
      </p>
    </div>
  )
}

/** The partner declined: its reason, and a new attempt. */
export function DeclinedView({ reason, start, starting, error }: StartProps & { reason: string | null }) {
  return (
    <div className="v-audit-step">
      <div className="v-audit-step__head">
        <h2 className="v-audit-step__title">We couldn’t verify you</h2>
        <p className="v-audit-step__text">The verification partner declined this attempt.</p>
      </div>
      <Alert>{reason ?? 'No reason was given.'}</Alert>
      <p className="v-audit-step__text">
        Check that your document is valid and fully in the frame, take the photos in good light without glare,
        and make sure your face is clearly visible in the selfie.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <Button block icon={<RotateCw />} loading={starting} onClick={start}>
        Try again
      </Button>
    </div>
  )
}
