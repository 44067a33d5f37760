import { Link } from 'react-router'
import { Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Mail } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'summary',
    title: 'In short',
    content: (
      <ul>
        <li>We collect what we need to run Velvet, take payments, keep people safe and follow the law.</li>
        <li>We do not sell your personal data, and we do not use advertising trackers.</li>
        <li>Creators see only what you choose to show them, and never your e-mail address or card.</li>
        <li>You can see, correct, download and delete your data.</li>
      </ul>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3>What you give us</h3>
        <ul>
          <li>
            <strong>Account:</strong> e-mail address (or your Google account's e-mail and name), date of
            birth, username, display name, profile picture and bio.
          </li>
          <li>
            <strong>Creator verification:</strong> the identity check is carried out by our verification
            partner. We keep its result, and the age and consent records the law requires for everyone who
            appears in creators' content.
          </li>
          <li>
            <strong>Payments:</strong> a token for each saved card from our payment provider, plus its brand,
            last four digits and expiry. Never the full card number. For creators, payout details (PayPal
            address, USDT wallet address or bank account) and tax details.
          </li>
          <li>
            <strong>Content and messages:</strong> posts, media, captions, messages, comments and reports you
            send.
          </li>
        </ul>
        <h3>What we record when you use Velvet</h3>
        <ul>
          <li>
            <strong>Activity:</strong> who you follow and subscribe to, what you unlock, gift and buy, and
            your coin and payout transactions.
          </li>
          <li>
            <strong>Device and connection:</strong> IP address, a random device identifier, browser and
            platform, time zone, and whether you use Velvet installed or in a browser.
          </li>
          <li>
            <strong>Notifications:</strong> if you allow push notifications, the subscription your browser
            gives us to deliver them.
          </li>
        </ul>
        <p>
          We remove location data (GPS and other EXIF details) from every photo you upload before anyone else
          can see it.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    content: (
      <ul>
        <li>
          <strong>To run Velvet:</strong> keeping you signed in, showing posts to the people entitled to see
          them, delivering messages and notifications.
        </li>
        <li>
          <strong>To handle money:</strong> charging for coins and memberships, crediting creators, paying
          out, preventing fraud and answering payment disputes.
        </li>
        <li>
          <strong>To keep people safe:</strong> checking ages, verifying creators, reviewing reports, limiting
          abuse, and enforcing blocks, including the blocked locations creators set, which we work out from
          your IP address.
        </li>
        <li>
          <strong>To follow the law:</strong> keeping financial and age records, and answering lawful
          requests.
        </li>
        <li>
          <strong>To improve Velvet:</strong> counting how features are used, in our own logs, without
          third-party analytics.
        </li>
      </ul>
    ),
  },
  {
    id: 'what-others-see',
    title: 'What other people see',
    content: (
      <>
        <p>
          Your username, display name, profile picture and bio are public. What you post is visible to the
          audience you choose for it. Messages are visible to the people in the conversation.
        </p>
        <p>
          Creators you subscribe to or buy from see your username and display name, what you bought from them,
          and a broad band of how much you have spent on Velvet in the last 30 days (none, under $100, over
          $100, over $1,000 or over $10,000), never individual purchases from other creators. They never see
          your e-mail address, your card or your location.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>
          We share personal data only with those who need it to do a job for us, and only what that job needs:
        </p>
        <ul>
          <li>our payment provider, to take payments and store cards;</li>
          <li>our identity verification partner, to verify creators;</li>
          <li>payout providers (PayPal, bank and crypto networks), to pay creators;</li>
          <li>hosting, storage and e-mail providers, to run the service;</li>
          <li>your browser's push service, to deliver notifications you asked for.</li>
        </ul>
        <p>
          We disclose data to authorities when the law requires it, and report child sexual abuse material to
          the appropriate authorities always. We do not sell personal data or share it for advertising.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>
          We keep data only as long as we need it. A few examples: sign-in codes expire after{' '}
          {Timelines.signInCodeMinutes} minutes; sessions end after {Timelines.sessionDays} days or when you
          log out; financial records are kept for as long as tax and accounting law requires.
        </p>
        <p>
          Every kind of data, with its period, is listed in the{' '}
          <Link to={InfoPath.retention}>Data Retention Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>give you a copy of your personal data, in a format you can take elsewhere;</li>
          <li>correct data that is wrong;</li>
          <li>delete your data, which we do except where the law makes us keep it;</li>
          <li>stop or restrict a particular use of your data, or explain a decision made about you.</li>
        </ul>
        <p>
          Most changes you can make yourself in your profile and settings; you can delete your account from
          your account settings. For anything else, write to <Mail box="privacy" /> from the e-mail address on
          your account. We answer within 30 days. You can also complain to the data protection authority where
          you live.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          Velvet uses only first-party cookies and browser storage that it needs to work. There are no
          advertising or cross-site tracking cookies, so there is nothing to opt out of.
        </p>
        <table className="v-info__table">
          <caption>What Velvet keeps in your browser</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lasts</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Device id</th>
              <td>A random identifier for this browser, used for security and to keep devices apart.</td>
              <td data-label="Lasts">{Timelines.cookieDays} days</td>
            </tr>
            <tr>
              <th scope="row">Session tokens</th>
              <td>Keep you (or your guest session) signed in, and your user id with it.</td>
              <td data-label="Lasts">Until the session ends, at most {Timelines.sessionDays} days</td>
            </tr>
            <tr>
              <th scope="row">Preferences</th>
              <td>Settings such as your language.</td>
              <td data-label="Lasts">{Timelines.cookieDays} days</td>
            </tr>
            <tr>
              <th scope="row">Local storage flags</th>
              <td>
                Your profile for quick start-up, and flags such as "over 18 confirmed" or "install tip already
                shown".
              </td>
              <td data-label="Lasts">Until you log out or clear site data</td>
            </tr>
          </tbody>
        </table>
        <p>
          Blocking these stops Velvet from keeping you signed in. Clearing your browser's site data for Velvet
          removes all of them.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        Connections to Velvet are encrypted. Session tokens are stored only in hashed form on our side, paid
        media is delivered through short-lived links tied to the viewer, and staff access to personal data is
        limited to the people who need it. If a breach affects you, we tell you and the authorities as the law
        requires.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and changes',
    content: (
      <Callout title="Privacy questions">
        <p>
          Write to <Mail box="privacy" />. When we change this policy in a way that matters, we tell you in
          the app or by e-mail before it applies.
        </p>
      </Callout>
    ),
  },
]

/** /privacy: the Privacy Policy. */
export function PrivacyPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Privacy Policy"
      description="What personal data Velvet collects, why, who it is shared with, how long it is kept, your rights, and the cookies Velvet uses."
      lead={
        <p>
          What we collect when you use Velvet, why we need it, who else sees it, and how you stay in control
          of it.
        </p>
      }
      sections={sections}
      related={[InfoLinks.retention, InfoLinks.safety, InfoLinks.terms, InfoLinks.contact]}
    />
  )
}
