import { Link } from 'react-router'
import { Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Mail } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'channels',
    title: 'Where to write',
    content: (
      <>
        <p>
          Writing to the right address gets your message to the people who can act on it, without a hand-off.
        </p>
        <table className="v-info__table">
          <caption>Velvet's mailboxes</caption>
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">Write to</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Account, sign-in, coins, memberships, payouts</th>
              <td>
                <Mail box="support" />
              </td>
            </tr>
            <tr>
              <th scope="row">A minor, content without consent, someone in danger</th>
              <td>
                <Mail box="safety" />
              </td>
            </tr>
            <tr>
              <th scope="row">Complaints and appeals</th>
              <td>
                <Mail box="complaints" />
              </td>
            </tr>
            <tr>
              <th scope="row">Copyright and leaked content</th>
              <td>
                <Link to="/manage/dmca_form">DMCA takedown form</Link> or <Mail box="copyright" />
              </td>
            </tr>
            <tr>
              <th scope="row">Your personal data</th>
              <td>
                <Mail box="privacy" />
              </td>
            </tr>
            <tr>
              <th scope="row">Brand, press and partnerships</th>
              <td>
                <Mail box="brand" />
              </td>
            </tr>
          </tbody>
        </table>
        <p>
          Prefer to start with answers? The <Link to={InfoPath.concierge}>Concierge Desk</Link> covers the
          most common questions, and its team can be reached there too.
        </p>
      </>
    ),
  },
  {
    id: 'response-times',
    title: 'How quickly we reply',
    content: (
      <ul>
        <li>
          <strong>Safety reports:</strong> reviewed within {Timelines.urgentReviewHours} hours, every day of
          the year.
        </li>
        <li>
          <strong>Support questions:</strong> a reply within {Timelines.supportReply}, usually sooner.
        </li>
        <li>
          <strong>Complaints:</strong> acknowledged within {Timelines.complaintAcknowledge} and resolved
          within {Timelines.complaintResolve}, as set out in the{' '}
          <Link to={InfoPath.complaints}>Complaint &amp; Appeal Process</Link>.
        </li>
        <li>
          <strong>Privacy requests:</strong> answered within 30 days.
        </li>
      </ul>
    ),
  },
  {
    id: 'what-to-include',
    title: 'What to include',
    content: (
      <>
        <p>A complete first message saves a round of questions. Please include:</p>
        <ul>
          <li>your username, and write from the e-mail address on your account;</li>
          <li>what you were trying to do, what happened instead, and when;</li>
          <li>links to any post, profile or message involved;</li>
          <li>for payments: the date, the amount and the last four digits of the card;</li>
          <li>a screenshot of any error message, if there was one.</li>
        </ul>
        <Callout tone="notice" title="We will never ask for your sign-in code">
          <p>
            Velvet staff never ask for your sign-in code, your full card number or access to your e-mail.
            Anyone who does is not us: do not reply, and forward the message to <Mail box="safety" />.
          </p>
        </Callout>
      </>
    ),
  },
]

/** /contact-us: support channels, response times, and what to include. */
export function ContactPage() {
  return (
    <InfoPage
      eyebrow="Help"
      title="Contact Us"
      description="How to reach Velvet: the right address for each question, how quickly we reply, and what to include."
      lead={
        <p>
          Real people read every message. Here is how to reach the right team, and how soon to expect a reply.
        </p>
      }
      sections={sections}
      related={[InfoLinks.concierge, InfoLinks.complaints, InfoLinks.safety, InfoLinks.privacy]}
    />
  )
}
