import { Link } from 'react-router'
import { Money, PayoutFees, Timelines } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Facts, Mail } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    content: (
      <>
        <p>
          These Terms of Service are the agreement between you and Velvet when you visit or use Velvet,
          whether as a guest, a fan or a creator. "Velvet", "we" and "us" mean the operator of the Velvet
          service. "You" means the person using it.
        </p>
        <p>
          These policies are part of the agreement, and you accept them with these terms: the{' '}
          <Link to={InfoPath.privacy}>Privacy Policy</Link>, the{' '}
          <Link to={InfoPath.retention}>Data Retention Policy</Link>, the{' '}
          <Link to={InfoPath.moderation}>Content Moderation Policy</Link> and the{' '}
          <Link to={InfoPath.complaints}>Complaint &amp; Appeal Process</Link>. Creators also accept the
          creator agreement when they apply to become a creator.
        </p>
        <p>If you do not agree to these terms, do not use Velvet.</p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Velvet',
    content: (
      <>
        <p>
          Velvet contains sexually explicit material. You may use it only if all of the following are true:
        </p>
        <ul>
          <li>
            you are at least 18 years old, and at least the age of majority where you live if that is higher;
          </li>
          <li>viewing adult content is legal where you are, and you choose to see it;</li>
          <li>you have not been banned from Velvet before;</li>
          <li>you are not using Velvet on behalf of someone who could not meet these conditions.</li>
        </ul>
        <p>
          We ask for your date of birth when you sign up and refuse accounts for anyone under 18. If we learn
          that an account belongs to a minor, we close it immediately.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <>
        <p>
          You can browse as a guest: Velvet creates a temporary guest session for you automatically. To
          follow, subscribe, buy or message, you need an account, created with your e-mail address (we send
          you a one-time sign-in code) or a Google account.
        </p>
        <ul>
          <li>
            Give accurate information, including your real date of birth, and keep your e-mail address
            current.
          </li>
          <li>
            An account is for one person. Do not share it, sell it or let anyone else use it, and keep access
            to your e-mail secure: whoever controls it can sign in as you.
          </li>
          <li>
            Usernames are 6 to 30 characters and must not contain "Velvet" or the name of another platform. We
            may reclaim a username that impersonates someone or misleads people.
          </li>
          <li>
            You are responsible for what happens on your account unless it was used without your permission.
          </li>
        </ul>
        <p>
          Tell us at once at <Mail box="support" /> if you think someone else has accessed your account.
        </p>
      </>
    ),
  },
  {
    id: 'creators',
    title: 'Creator obligations',
    content: (
      <>
        <p>
          Becoming a creator means taking responsibility for what you publish and for the people in it. Before
          you can publish paid content you must accept the creator agreement and pass an identity check with
          our verification partner. As a creator you agree that:
        </p>
        <ul>
          <li>
            <strong>Everyone depicted is an adult who consented.</strong> Every person who appears in your
            content was at least 18 when it was made, consented to being filmed or photographed, and consented
            to it being published on Velvet and sold.
          </li>
          <li>
            <strong>Everyone depicted is verified.</strong> Before you publish content showing anyone other
            than you, you collect their government photo ID and a signed release, and submit them to us for
            verification. We keep these records as described in the{' '}
            <Link to={`${InfoPath.moderation}#records`}>Content Moderation Policy</Link>.
          </li>
          <li>
            <strong>You own it.</strong> You made the content or hold every right needed to publish and sell
            it.
          </li>
          <li>
            <strong>You deliver what you sell.</strong> Descriptions, previews and prices are honest, and
            memberships give members what you promised them.
          </li>
          <li>
            <strong>You handle your own taxes.</strong> You are responsible for declaring and paying tax on
            what you earn, and for giving us the tax details we ask for.
          </li>
          <li>
            <strong>You keep payments on Velvet.</strong> You do not ask fans to pay you outside Velvet for
            anything offered on Velvet.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited content and conduct',
    content: (
      <>
        <p>
          These are never allowed on Velvet, in posts, messages, live streams, calls, profile pictures or
          usernames. We remove it, close the accounts involved, and report to the authorities where the law
          requires or the situation calls for it.
        </p>
        <ul>
          <li>Anyone under 18, or anyone made to look like a minor, including in role play or drawings.</li>
          <li>
            Anyone who did not consent, or cannot consent: hidden cameras, leaked or "revenge" material,
            people who are asleep, drunk or drugged.
          </li>
          <li>Sexual violence, incest, bestiality, or real physical harm.</li>
          <li>
            Offers of in-person sexual services, escorting, or anything suggesting trafficking or coercion.
          </li>
          <li>Content showing or promoting illegal drugs, weapons or self-harm.</li>
          <li>Hate speech, threats, harassment, and publishing someone's private information (doxxing).</li>
          <li>Content you do not own, or content taken from another creator, on Velvet or anywhere else.</li>
          <li>Scams, spam, fake giveaways, impersonation, and requests to pay outside Velvet.</li>
          <li>
            Recording, downloading or re-sharing anyone's paid content, getting around blocked locations or
            paywalls, and interfering with Velvet's systems.
          </li>
        </ul>
        <p>
          See something that breaks these rules? Report it from the post or profile, or follow the steps in{' '}
          <Link to={`${InfoPath.moderation}#reporting`}>how to report</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments, coins and refunds',
    content: (
      <>
        <p>
          Prices on Velvet are in one of two units, always shown next to the price: <strong>coins</strong> for
          posts, messages and gifts, and <strong>US dollars</strong> for memberships.
        </p>
        <ul>
          <li>
            One coin has a face value of {Money.coinFaceValue}. Coins are bought in advance, are kept in your
            wallet, and can only be spent on Velvet. They are not money, cannot be transferred to another
            account and cannot be exchanged back into cash by fans.
          </li>
          <li>
            Cards are saved with our payment provider. Velvet stores only the brand, last four digits and
            expiry date, never the full card number. Your bank may ask you to confirm a payment (3-D Secure).
          </li>
          <li>
            An unlock is permanent: once you pay for a post, it stays unlocked for you while your account and
            the post exist.
          </li>
        </ul>
        <h3>Refunds</h3>
        <p>
          Coins you have spent and memberships that have started are not refundable, except where the law
          gives you a right to a refund. We do refund:
        </p>
        <ul>
          <li>a charge made twice, or made without your permission, once we confirm it;</li>
          <li>an unlock whose content cannot be delivered to you;</li>
          <li>
            a paid message when the creator has not replied within {Money.paidMessageRefundHours} hours (the
            coins go back to your wallet automatically).
          </li>
        </ul>
        <p>
          If something is wrong with a payment, write to <Mail box="support" /> before disputing the charge
          with your bank: we can usually fix it faster. A chargeback freezes the account while it is
          investigated.
        </p>
      </>
    ),
  },
  {
    id: 'memberships',
    title: 'Memberships and renewals',
    content: (
      <>
        <p>
          A creator sets the price of their membership, from {Money.membershipRange} per period. The price and
          period are shown before you pay.
        </p>
        <ul>
          <li>
            <strong>Renewal.</strong> Memberships renew automatically at the end of each period and are
            charged to your saved card, until you turn auto-renew off. You can turn it off at any time from
            your subscriptions; your membership then runs to the end of the period you have paid for.
          </li>
          <li>
            <strong>Failed renewal.</strong> If a renewal payment fails, we tell you, keep your membership
            open and try again each day for a grace period of {Money.renewalGraceDays} days. If it still
            cannot be paid, the membership ends and you stay on as a follower: you keep seeing the creator's
            free posts and anything you unlocked.
          </li>
          <li>
            <strong>Price changes.</strong> A new price applies from the next renewal after we tell you about
            it, never to a period you have already paid for.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payouts',
    title: 'Creator earnings and payouts',
    content: (
      <>
        <p>
          Creators keep {Money.creatorShareDefault} of every sale by default, and up to{' '}
          {Money.creatorShareMax} where we agree a higher share. Your share of each sale is added to your
          payout wallet in US dollars.
        </p>
        <Facts
          items={[
            { term: 'Available to withdraw', detail: `${Money.clearingDays} days after each sale` },
            { term: 'Minimum withdrawal', detail: Money.minimumWithdrawal },
            { term: 'Processing', detail: Money.processingDays },
            { term: 'Arrival after processing', detail: Money.arrivalDays },
          ]}
        />
        <table className="v-info__table">
          <caption>Fees per withdrawal, deducted from the amount withdrawn</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            {PayoutFees.map((row) => (
              <tr key={row.method}>
                <th scope="row">{row.method}</th>
                <td>{row.fee}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul>
          <li>Keep your payout details correct: we send money only to an account in your own name.</li>
          <li>
            If a withdrawal fails (for example, because the details were wrong or the receiving account
            refused it), the money returns to your wallet and payouts are suspended for{' '}
            {Money.failedWithdrawalSuspension} so you can check and correct your details.
          </li>
          <li>
            We may hold earnings from a sale while a chargeback, fraud report or breach of these terms is
            investigated, and we reverse earnings from sales that are refunded or charged back.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'licence',
    title: 'Your content and our licence',
    content: (
      <>
        <p>
          You keep ownership of what you post. You give Velvet a worldwide, non-exclusive, royalty-free
          licence to store, copy, re-encode, display and deliver it, only so we can run Velvet: showing it to
          the people you chose, making previews, and keeping records the law requires. The licence ends when
          you delete the content, except for copies we must keep by law.
        </p>
        <p>
          Fans get a personal, non-transferable right to view content they have access to, on Velvet. It does
          not include downloading, recording or sharing it.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Ending your account',
    content: (
      <>
        <p>
          You can delete your account at any time from your account settings; we confirm the request with a
          code sent to your e-mail. What we keep afterwards, and for how long, is in the{' '}
          <Link to={InfoPath.retention}>Data Retention Policy</Link>. Creators should withdraw their balance
          before deleting their account.
        </p>
        <p>
          We may restrict, suspend or close an account that breaks these terms, puts others at risk, or when
          the law requires it. We tell you why, unless the law or someone's safety prevents it, and you can
          appeal through the <Link to={InfoPath.complaints}>Complaint &amp; Appeal Process</Link>. When a
          creator account is closed, cleared earnings that are not linked to the breach are paid out.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and liability',
    content: (
      <>
        <p>
          Creators are responsible for their own content and what they promise. We work hard to keep Velvet
          available and secure, but we provide it "as is" and cannot promise that it will be uninterrupted or
          free of errors.
        </p>
        <p>
          To the extent the law allows, Velvet is not liable for indirect or consequential losses, or for loss
          of profits, and our total liability to you is limited to the amount you paid us, or we paid you, in
          the 12 months before the claim. Nothing in these terms limits liability that cannot be limited by
          law, or takes away rights you have as a consumer where you live.
        </p>
      </>
    ),
  },
  {
    id: 'governing-terms',
    title: 'Changes and governing terms',
    content: (
      <>
        <ul>
          <li>
            <strong>Changes.</strong> When we change these terms in a way that matters, we tell you in the app
            or by e-mail at least 14 days before the change applies. Continuing to use Velvet after that means
            you accept the new terms.
          </li>
          <li>
            <strong>Whole agreement.</strong> These terms and the policies they name are the whole agreement
            between you and Velvet about the service. If they conflict, these terms win, except that the
            creator agreement wins on matters specific to creators.
          </li>
          <li>
            <strong>Severability.</strong> If a court finds part of these terms unenforceable, the rest still
            applies.
          </li>
          <li>
            <strong>No waiver.</strong> If we do not enforce a term straight away, we can still enforce it
            later.
          </li>
          <li>
            <strong>Language.</strong> These terms are written in English, and the English version governs.
          </li>
        </ul>
        <Callout title="Questions about these terms">
          <p>
            Write to <Mail box="support" />. We reply within {Timelines.supportReply}.
          </p>
        </Callout>
      </>
    ),
  },
]

/** /terms and /terms-of-service: the Terms of Service. */
export function TermsPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Terms of Service"
      description="The terms for using Velvet: eligibility, accounts, creator obligations, prohibited content, payments, memberships, payouts and termination."
      lead={
        <p>
          The rules for using Velvet, written to be read. They cover who can use Velvet, what creators
          promise, what is never allowed, and how payments, memberships and payouts work.
        </p>
      }
      sections={sections}
      related={[InfoLinks.privacy, InfoLinks.moderation, InfoLinks.complaints, InfoLinks.retention]}
    />
  )
}
