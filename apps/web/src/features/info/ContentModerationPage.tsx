import { Link } from 'react-router'
import { Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Mail, Steps } from './prose.tsx'

const DMCA_FORM_PATH = '/manage/dmca_form'

const sections: InfoSection[] = [
  {
    id: 'principles',
    title: 'Our approach',
    content: (
      <>
        <p>
          Velvet hosts sexually explicit content made by and for consenting adults. Moderation exists to make
          sure it stays that way: every creator is verified, everyone on camera is an adult who agreed to be
          there, and nothing in the <Link to={`${InfoPath.terms}#prohibited`}>prohibited list</Link> stays up.
        </p>
        <p>
          Decisions are made by trained people, not by an algorithm alone. We explain every decision to the
          person affected, and every decision can be appealed.
        </p>
      </>
    ),
  },
  {
    id: 'review',
    title: 'How content is reviewed',
    content: (
      <Steps
        items={[
          {
            title: 'Before anything is sold',
            detail: (
              <p>
                A creator must pass identity verification with our verification partner and accept the creator
                agreement before publishing paid content.
              </p>
            ),
          },
          {
            title: 'At upload',
            detail: (
              <p>
                Files are checked to be the type they claim and within size limits, and photos are re-encoded
                with their location data removed.
              </p>
            ),
          },
          {
            title: 'After publishing',
            detail: (
              <p>
                Moderators review new creators' early posts, review samples of published content, and review
                every report. Content can be restricted while it is checked.
              </p>
            ),
          },
          {
            title: 'Decision',
            detail: (
              <p>
                Content that breaks the rules is removed. Depending on how serious it is, the account gets a
                warning, a restriction, a suspension or is closed. The creator is told what was removed and
                why.
              </p>
            ),
          },
        ]}
      />
    ),
  },
  {
    id: 'records',
    title: 'Age and consent records (2257)',
    content: (
      <>
        <p>
          Velvet follows the record-keeping requirements of 18 U.S.C. § 2257 and 28 C.F.R. Part 75 for
          everyone who appears in sexually explicit content on the platform.
        </p>
        <ul>
          <li>
            <strong>Creators</strong> prove their identity and age when they apply, through our verification
            partner.
          </li>
          <li>
            <strong>Everyone else depicted</strong> (co-performers, collaborators) must be verified before
            content showing them is published: the creator submits the person's government photo ID, showing
            they were 18 or older when the content was made, and a signed release consenting to the recording
            and its publication on Velvet.
          </li>
          <li>
            Records are linked to the content they cover, kept securely with access limited to the staff who
            manage them, and kept for as long as the law requires, including after the content or the account
            is deleted.
          </li>
          <li>Content whose records are missing or do not match is removed until they are put right.</li>
        </ul>
        <p>
          Requests from authorised inspectors about these records: <Mail box="records" />.
        </p>
      </>
    ),
  },
  {
    id: 'takedown',
    title: 'Takedown within 48 hours',
    content: (
      <>
        <p>
          When we receive a valid report or notice about content that breaks our rules or the law, we take it
          down within {Timelines.takedownHours} hours.
        </p>
        <ul>
          <li>
            Reports that a person is a minor, did not consent, or is in danger are reviewed first, within{' '}
            {Timelines.urgentReviewHours} hours, and the content is restricted while we check.
          </li>
          <li>
            Child sexual abuse material is removed at once, the accounts involved are closed, and it is
            reported to the appropriate authorities.
          </li>
          <li>
            Removed content is taken out of every place it appeared on Velvet, including unlocked purchases
            and messages.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'copyright',
    title: 'Copyright and leaked content',
    content: (
      <>
        <p>
          If your content has been posted on Velvet without your permission, send a takedown notice through
          the <Link to={DMCA_FORM_PATH}>DMCA takedown form</Link>. You do not need a Velvet account. If you
          cannot use the form, write to <Mail box="copyright" />. A complete notice includes:
        </p>
        <ul>
          <li>your name and contact details, and who you act for if it is not yourself;</li>
          <li>the work that was copied, and where the original can be found;</li>
          <li>the link to each item on Velvet that infringes it;</li>
          <li>
            a statement that you believe in good faith the use is not authorised, and that your notice is
            accurate;
          </li>
          <li>your physical or electronic signature.</li>
        </ul>
        <p>
          The uploader is told and can send a counter-notice if they believe the removal was a mistake.
          Sending a notice you know to be false can make you liable for damages.
        </p>
      </>
    ),
  },
  {
    id: 'repeat-infringers',
    title: 'Repeat infringers',
    content: (
      <p>
        An account that receives three valid copyright notices, or posts content taken from another creator
        more than once, is closed. Closing the account is immediate for uploads of content depicting someone
        without their consent, or for any content involving a minor. People whose accounts are closed for
        these reasons may not open another.
      </p>
    ),
  },
  {
    id: 'reporting',
    title: 'How to report',
    content: (
      <>
        <ul>
          <li>
            <strong>In the app:</strong> use the report option on a post or a profile. Choose the reason that
            fits best, and add details if you can.
          </li>
          <li>
            <strong>By e-mail:</strong> write to <Mail box="safety" /> with the links and what is wrong. You
            do not need an account to report.
          </li>
          <li>
            <strong>If you appear in content without your consent:</strong> write to <Mail box="safety" />.
            You do not have to prove who you are publicly, and the creator is not told who reported.
          </li>
        </ul>
        <Callout tone="notice" title="Someone in danger?">
          <p>If someone is in immediate danger, contact your local emergency services first, then tell us.</p>
        </Callout>
        <p>
          Disagree with a decision about your content or account? Use the{' '}
          <Link to={`${InfoPath.complaints}#appeals`}>appeal process</Link>.
        </p>
      </>
    ),
  },
]

/** /content-moderation: the Content Moderation Policy. */
export function ContentModerationPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Content Moderation Policy"
      description="How Velvet reviews content, keeps 2257 age and consent records, takes down reported content within 48 hours, and handles copyright notices."
      lead={
        <p>
          How we review content, keep age and consent records for everyone depicted, and act on reports,
          including takedown within {Timelines.takedownHours} hours.
        </p>
      }
      sections={sections}
      related={[InfoLinks.complaints, InfoLinks.terms, InfoLinks.safety, InfoLinks.contact]}
    />
  )
}
