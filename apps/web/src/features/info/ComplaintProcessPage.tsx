import { Link } from 'react-router'
import { Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Facts, Mail, Steps } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'at-a-glance',
    title: 'At a glance',
    content: (
      <>
        <Facts
          items={[
            { term: 'We acknowledge', detail: `within ${Timelines.complaintAcknowledge}` },
            { term: 'We resolve', detail: `within ${Timelines.complaintResolve}` },
            { term: 'You can appeal', detail: `within ${Timelines.appealWindowDays} days` },
            { term: 'Appeals decided', detail: `within ${Timelines.appealResolve}` },
          ]}
        />
        <p>
          This process covers complaints about Velvet itself: a moderation decision, a restricted or closed
          account, a payment or payout, a creator who did not deliver what they sold, or how we handled your
          data. To report a post, profile or message that breaks the rules, use the report option on it or the
          steps in the <Link to={`${InfoPath.moderation}#reporting`}>Content Moderation Policy</Link>: reports
          are handled faster than complaints.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-complain',
    title: 'How to make a complaint',
    content: (
      <>
        <p>
          Write to <Mail box="complaints" /> from the e-mail address on your Velvet account, so we can find
          your account without asking for more. Include:
        </p>
        <ul>
          <li>your username;</li>
          <li>what happened and when, in a few sentences;</li>
          <li>
            links to the posts, profiles or messages involved, and the date and amount of any payment (never
            your full card number);
          </li>
          <li>what you would like us to do.</li>
        </ul>
        <p>
          If you cannot use e-mail, the <Link to={InfoPath.concierge}>Concierge Desk</Link> takes complaints
          too and passes them to the same team.
        </p>
      </>
    ),
  },
  {
    id: 'what-happens-next',
    title: 'What happens next',
    content: (
      <Steps
        items={[
          {
            title: 'Acknowledgement',
            detail: (
              <p>
                Within {Timelines.complaintAcknowledge} you get a reply with a reference number and the name
                of the team handling your complaint.
              </p>
            ),
          },
          {
            title: 'Investigation',
            detail: (
              <p>
                We look at the records involved and, where it is fair to, ask the other side for their
                account. If we need more from you, we ask once, clearly.
              </p>
            ),
          },
          {
            title: 'Decision',
            detail: (
              <p>
                Complaints are resolved within {Timelines.complaintResolve} of receipt. You get a written
                answer with what we decided, why, and what we are doing about it, such as restoring content,
                refunding a payment or lifting a restriction.
              </p>
            ),
          },
        ]}
      />
    ),
  },
  {
    id: 'appeals',
    title: 'Appealing a decision',
    content: (
      <>
        <p>
          If you disagree with the answer to your complaint, or with any moderation decision about your
          content or account, you can appeal within {Timelines.appealWindowDays} days of the decision.
        </p>
        <ul>
          <li>
            Reply to the decision e-mail, or write to <Mail box="complaints" /> with "Appeal" and your
            reference number in the subject line.
          </li>
          <li>Tell us why you think the decision is wrong, and add anything we did not have before.</li>
          <li>
            A different reviewer, senior to and independent of the first, looks at the whole case again.
          </li>
          <li>You get the appeal decision, with its reasons, within {Timelines.appealResolve}.</li>
        </ul>
        <p>
          While an appeal about removed content is open, the content stays down. If the appeal succeeds, we
          restore it, and any earnings held because of the decision are released.
        </p>
      </>
    ),
  },
  {
    id: 'escalation',
    title: 'If you are still not satisfied',
    content: (
      <>
        <p>
          An appeal decision is our final answer, and it tells you so. If you are still unhappy, you can ask
          for it to be escalated to Velvet's Trust &amp; Safety lead by replying to it within 14 days. The
          lead reviews how the case was handled and answers within {Timelines.complaintResolve}.
        </p>
        <p>
          You can also use any route the law gives you where you live, such as a consumer protection body, a
          data protection authority, an out-of-court dispute settlement body, or the courts. You do not have
          to finish our process first.
        </p>
      </>
    ),
  },
  {
    id: 'urgent',
    title: 'Urgent and serious matters',
    content: (
      <Callout tone="notice" title="Do not wait for the complaint process">
        <p>
          If content shows a minor, was made or shared without consent, or someone is in danger, write to{' '}
          <Mail box="safety" /> now. These reports are reviewed within {Timelines.urgentReviewHours} hours. If
          someone is in immediate danger, contact your local emergency services first.
        </p>
      </Callout>
    ),
  },
]

/** /complaint-process: the Complaint & Appeal Process. */
export function ComplaintProcessPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Complaint & Appeal Process"
      description="How to complain to Velvet, how complaints are resolved within 7 business days, and how to appeal a decision."
      lead={
        <p>
          How to raise a complaint, what we do with it, and how to appeal if you disagree. Complaints are
          resolved within {Timelines.complaintResolve}.
        </p>
      }
      sections={sections}
      related={[InfoLinks.moderation, InfoLinks.contact, InfoLinks.terms, InfoLinks.concierge]}
    />
  )
}
