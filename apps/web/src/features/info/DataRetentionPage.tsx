import { Link } from 'react-router'
import { Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Mail } from './prose.tsx'

interface RetentionRow {
  kind: string
  kept: string
}

const accountRows: RetentionRow[] = [
  {
    kind: 'Sign-in codes',
    kept: `Expire ${Timelines.signInCodeMinutes} minutes after they are sent, or as soon as they are used.`,
  },
  {
    kind: 'Sessions (signed-in and guest)',
    kept: `End after ${Timelines.sessionDays} days, when you log out, or when you delete your account. The session record is purged ${Timelines.sessionPurgeDays} days (a week) after it ends; that week of history helps us answer support questions and spot abuse.`,
  },
  {
    kind: 'Profile (username, display name, picture, bio, date of birth)',
    kept: 'While your account is open. Purged within 30 days of deleting the account.',
  },
  {
    kind: 'Posts and media',
    kept: 'Until you delete them or your account. Hidden at once, and purged from storage within 30 days.',
  },
  {
    kind: 'Messages',
    kept: 'Until you delete them or your account. The other person then sees that the account was deleted.',
  },
  {
    kind: 'Push notification subscriptions',
    kept: 'Until you turn notifications off, log out, or your browser tells us the subscription expired.',
  },
]

const moneyRows: RetentionRow[] = [
  {
    kind: 'Purchases, coin transactions, memberships, earnings and payouts',
    kept: 'For as long as tax, accounting and anti-fraud law requires, even after the account is deleted.',
  },
  {
    kind: 'Saved cards',
    kept: 'Until you remove the card or delete your account. We only ever hold the provider token, brand, last four digits and expiry.',
  },
  {
    kind: 'Payout and tax details',
    kept: 'While your creator account is open, then as long as tax law requires for the payouts made.',
  },
]

const safetyRows: RetentionRow[] = [
  {
    kind: 'Creator verification results and 2257 age and consent records',
    kept: 'For the full period the record-keeping law requires, even after the content or account is deleted.',
  },
  {
    kind: 'Reports and moderation decisions',
    kept: 'While the account exists. Afterwards, only what is needed to keep a banned person from returning, or what the law requires.',
  },
  {
    kind: 'Security logs (IP address, device id, request records)',
    kept: 'Up to 30 days, longer only when tied to an open fraud or abuse investigation.',
  },
  {
    kind: 'Support, complaint and appeal correspondence',
    kept: 'Two years after the case is closed, so that a reopened case has its history.',
  },
]

function RetentionTable({ caption, rows }: { caption: string; rows: readonly RetentionRow[] }) {
  return (
    <table className="v-info__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Data</th>
          <th scope="col">How long we keep it</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.kind}>
            <th scope="row">{row.kind}</th>
            <td>{row.kept}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const sections: InfoSection[] = [
  {
    id: 'principles',
    title: 'How we decide',
    content: (
      <>
        <p>
          We keep each kind of data for as long as it is needed for the reason we collected it, and no longer.
          Where the law requires us to keep something for longer, such as financial records and age records,
          we keep only what the law requires, and we lock it away from everyday use.
        </p>
        <p>
          Why we collect each kind of data is explained in the{' '}
          <Link to={InfoPath.privacy}>Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'account-data',
    title: 'Account, sessions and content',
    content: <RetentionTable caption="Your account and what you post" rows={accountRows} />,
  },
  {
    id: 'financial-records',
    title: 'Financial records',
    content: <RetentionTable caption="Payments, earnings and payouts" rows={moneyRows} />,
  },
  {
    id: 'safety-records',
    title: 'Safety and legal records',
    content: <RetentionTable caption="Verification, moderation and security" rows={safetyRows} />,
  },
  {
    id: 'deleted-accounts',
    title: 'When you delete your account',
    content: (
      <>
        <p>
          You can delete your account from your account settings; we confirm it with a code sent to your
          e-mail. Then:
        </p>
        <ul>
          <li>you are signed out on every device at once;</li>
          <li>your profile, posts and messages disappear from Velvet straight away;</li>
          <li>their data is purged from our systems and storage within 30 days;</li>
          <li>
            memberships stop renewing, and unspent coins are lost, so spend them or, as a creator, withdraw
            your balance first;
          </li>
          <li>
            we keep only what the law requires (financial and age records), and for a banned account, the
            minimum needed to stop it being recreated.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'backups',
    title: 'Backups',
    content: (
      <p>
        Backups exist to recover from failures, not to keep deleted data. They are encrypted, are not used for
        anything else, and expire on a rolling 30-day cycle, so deleted data leaves our backups within 30 days
        of leaving our live systems.
      </p>
    ),
  },
  {
    id: 'questions',
    title: 'Questions',
    content: (
      <Callout title="Ask about your data">
        <p>
          Write to <Mail box="privacy" /> to ask what we hold about you, or to ask for a copy or for deletion.
        </p>
      </Callout>
    ),
  },
]

/** /data-retention-policy: how long each kind of data is kept. */
export function DataRetentionPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Data Retention Policy"
      description="How long Velvet keeps each kind of data: sessions, sign-in codes, content, financial records, safety records and deleted accounts."
      lead={<p>How long Velvet keeps each kind of data, and what happens when you delete your account.</p>}
      sections={sections}
      related={[InfoLinks.privacy, InfoLinks.terms, InfoLinks.safety, InfoLinks.contact]}
    />
  )
}
