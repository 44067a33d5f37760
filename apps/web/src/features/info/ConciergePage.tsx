import { Link } from 'react-router'
import { Money, Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Mail } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'account',
    title: 'Account and sign-in',
    content: (
      <ul>
        <li>
          <strong>Signing in.</strong> Enter your e-mail and we send a six-digit code. It expires after{' '}
          {Timelines.signInCodeMinutes} minutes; ask for a new one if it does. You can also continue with
          Google.
        </li>
        <li>
          <strong>Staying signed in.</strong> A session lasts up to {Timelines.sessionDays} days on each
          device, and ends when you log out.
        </li>
        <li>
          <strong>No code arriving?</strong> Check your spam folder, and check the address for typos. You can
          ask for another code after a minute.
        </li>
        <li>
          <strong>Deleting your account.</strong> From your account settings, confirmed with an e-mail code.
          Read what happens next in the{' '}
          <Link to={`${InfoPath.retention}#deleted-accounts`}>Data Retention Policy</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'coins-and-memberships',
    title: 'Coins and memberships',
    content: (
      <ul>
        <li>
          <strong>Coins</strong> have a face value of {Money.coinFaceValue} each and pay for unlocks, paid
          messages and gifts.
        </li>
        <li>
          <strong>Memberships</strong> are priced in US dollars and renew automatically. Turn off auto-renew
          from your subscriptions at any time; you keep access until the paid period ends.
        </li>
        <li>
          <strong>A renewal failed?</strong> Your membership stays open for a {Money.renewalGraceDays}-day
          grace period while we retry once a day. Update your card in that time to keep it.
        </li>
        <li>
          <strong>Refunds</strong> are covered in the{' '}
          <Link to={`${InfoPath.terms}#payments`}>Terms of Service</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'creators',
    title: 'Creators and payouts',
    content: (
      <ul>
        <li>
          <strong>Becoming a creator.</strong> Tap the camera in the tab bar and follow the steps: the creator
          agreement, a few questions, and an identity check with our verification partner.
        </li>
        <li>
          <strong>Your share.</strong> {Money.creatorShareDefault} of every sale by default, up to{' '}
          {Money.creatorShareMax}.
        </li>
        <li>
          <strong>Withdrawing.</strong> From {Money.minimumWithdrawal}, by PayPal, USDT or ACH. Processing
          takes {Money.processingDays}, then {Money.arrivalDays} to arrive. Fees are listed in the{' '}
          <Link to={`${InfoPath.terms}#payouts`}>Terms of Service</Link>.
        </li>
        <li>
          <strong>Coming from another platform?</strong> See{' '}
          <Link to={InfoPath.transfer}>Moving to Velvet</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'safety',
    title: 'Safety and privacy',
    content: (
      <ul>
        <li>
          <strong>Blocking people and places.</strong> See the{' '}
          <Link to={InfoPath.safety}>Safety &amp; Privacy Centre</Link>.
        </li>
        <li>
          <strong>Reporting content.</strong> Use the report option on it, or read{' '}
          <Link to={`${InfoPath.moderation}#reporting`}>how to report</Link>.
        </li>
        <li>
          <strong>Your data.</strong> The <Link to={InfoPath.privacy}>Privacy Policy</Link> explains what we
          keep and why.
        </li>
      </ul>
    ),
  },
  {
    id: 'reach-the-desk',
    title: 'Reach the desk',
    content: (
      <>
        <p>
          Did not find your answer? The Concierge Desk is a small team that handles questions from start to
          finish, so you will not be passed around. Write to <Mail box="concierge" /> with your username and
          your question, and you will hear back within {Timelines.supportReply}.
        </p>
        <Callout tone="notice" title="Urgent safety issue?">
          <p>
            If content involves a minor or someone who did not consent, write to <Mail box="safety" />{' '}
            instead. It is reviewed within {Timelines.urgentReviewHours} hours.
          </p>
        </Callout>
        <p>
          For complaints and appeals, the <Link to={InfoPath.complaints}>Complaint &amp; Appeal Process</Link>{' '}
          sets out the steps and timelines. Every other address is on{' '}
          <Link to={InfoPath.contact}>Contact Us</Link>.
        </p>
      </>
    ),
  },
]

/** /concierge: the Concierge Desk, a help centre with the common topics and how to reach the desk. */
export function ConciergePage() {
  return (
    <InfoPage
      eyebrow="Help"
      title="Concierge Desk"
      description="Velvet's help centre: answers about sign-in, coins, memberships, payouts and safety, and how to reach the Concierge Desk."
      lead={
        <p>
          Quick answers to the questions we hear most, and a team to write to when you need a person. Jump to
          a topic below.
        </p>
      }
      sections={sections}
      related={[InfoLinks.contact, InfoLinks.complaints, InfoLinks.safety, InfoLinks.about]}
    />
  )
}
