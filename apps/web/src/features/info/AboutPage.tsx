import { Link } from 'react-router'
import { Money, NOT_BUILT } from './facts.ts'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Facts, Mail } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'what-velvet-is',
    title: 'What Velvet is',
    content: (
      <>
        <p>
          Velvet is a subscription social platform for adult creators and the people who support them.
          Creators publish photos and videos and chat with their fans. Fans follow the creators they like,
          subscribe to memberships, unlock individual posts, send gifts and talk to creators directly.{' '}
          {NOT_BUILT}
        </p>
        <p>
          Velvet is for adults only. Everyone who uses it must be 18 or older, and every creator is verified
          before they can sell anything. It runs in your browser and can be installed on your phone's home
          screen like an app, with notifications for messages, new followers and comments.
        </p>
      </>
    ),
  },
  {
    id: 'for-creators',
    title: 'For creators',
    content: (
      <>
        <p>Velvet is built so that you can earn from your work without giving most of it away.</p>
        <ul>
          <li>
            <strong>Keep most of what you make.</strong> Creators keep {Money.creatorShareDefault} of every
            sale by default, and up to {Money.creatorShareMax} where we agree a higher share with you.
          </li>
          <li>
            <strong>Sell in the way that suits you.</strong> Free posts for reach, memberships for regulars,
            pay-per-view posts, paid messages and gifts.
          </li>
          <li>
            <strong>Reach fans directly.</strong> One-to-one chat, and mass messages to your followers or
            members.
          </li>
          <li>
            <strong>Stay in control.</strong> Block accounts, block whole countries or US states from seeing
            your profile, and decide who can see each post.
          </li>
          <li>
            <strong>Get paid reliably.</strong> Withdraw by PayPal, USDT or ACH bank transfer once your
            balance reaches {Money.minimumWithdrawal}.
          </li>
        </ul>
        <p>
          Creators start as regular members and apply to become a creator from the app. The application
          includes the creator agreement and an identity check with our verification partner. If you are
          moving from another platform, read <Link to={InfoPath.transfer}>Moving to Velvet</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'for-fans',
    title: 'For fans',
    content: (
      <>
        <p>
          Following a creator is free and shows you their free posts. From there, you choose how much you want
          to be part of their world:
        </p>
        <ul>
          <li>
            <strong>Memberships</strong> give you everything a creator shares with members, for as long as
            your membership runs.
          </li>
          <li>
            <strong>Unlocks</strong> open a single paid post for good. You pay once; it stays unlocked.
          </li>
          <li>
            <strong>Messages and gifts</strong> let you talk to creators and show your appreciation.
          </li>
        </ul>
        <p>
          You can also look around as a guest without an account. We create a temporary guest session for you
          automatically, so you can browse before you decide to sign up.
        </p>
      </>
    ),
  },
  {
    id: 'how-money-works',
    title: 'How money works',
    content: (
      <>
        <p>
          Velvet uses two kinds of prices, and each is always shown with its unit so you know exactly what you
          are paying.
        </p>
        <Facts
          items={[
            { term: 'One coin', detail: `${Money.coinFaceValue} face value` },
            { term: 'Coin prices', detail: Money.coinPriceRange },
            { term: 'Memberships', detail: Money.membershipRange },
            { term: 'Creator share', detail: `${Money.creatorShareDefault}, up to ${Money.creatorShareMax}` },
          ]}
        />
        <ul>
          <li>
            <strong>Coins</strong> are bought in advance and spent on pay-per-view posts, paid messages and
            gifts. Each coin has a face value of {Money.coinFaceValue}. Creators set each price, from{' '}
            {Money.coinPriceRange}.
          </li>
          <li>
            <strong>Memberships</strong> are priced in US dollars, from {Money.membershipRange} per period,
            and renew automatically on a saved card until you turn renewal off.
          </li>
          <li>
            <strong>Creators keep {Money.creatorShareDefault}</strong> of every sale by default, and up to{' '}
            {Money.creatorShareMax}. The rest pays for running Velvet: payments, storage, streaming, safety
            and support.
          </li>
        </ul>
        <p>
          We never see or store your full card number: cards are held by our payment provider, and Velvet
          keeps only the brand, the last four digits and the expiry date so you can recognise the card. The
          details are in the <Link to={InfoPath.terms}>Terms of Service</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'safety',
    title: 'Safety and trust',
    content: (
      <>
        <p>An adult platform has to be careful. These are the rules we hold ourselves to:</p>
        <ul>
          <li>An age gate on first visit, and a date of birth check at sign-up: no one under 18.</li>
          <li>
            Identity verification for every creator before they can sell, and consent and age records for
            every person who appears in their content.
          </li>
          <li>
            Paid media is only ever delivered to people who have paid for it, through links that expire
            quickly.
          </li>
          <li>Location data is stripped from uploaded photos.</li>
          <li>
            Reports are reviewed by people, and content that breaks our rules is taken down within 48 hours of
            a valid report.
          </li>
        </ul>
        <p>
          Read how we review content in the <Link to={InfoPath.moderation}>Content Moderation Policy</Link>,
          and the tools creators have in the <Link to={InfoPath.safety}>Safety &amp; Privacy Centre</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'get-in-touch',
    title: 'Get in touch',
    content: (
      <p>
        Questions, ideas or problems: write to <Mail box="support" />, or see{' '}
        <Link to={InfoPath.contact}>Contact Us</Link> for the right address for your question. We read every
        message.
      </p>
    ),
  },
]

/** /about: what Velvet is, for creators and fans, and how money works. */
export function AboutPage() {
  return (
    <InfoPage
      eyebrow="About"
      title="About Velvet"
      description="Velvet is a subscription social platform for adult creators and their fans. Creators keep up to 90% of what they earn."
      lead={
        <p>
          A home for adult creators and the fans who support them, where creators keep up to{' '}
          {Money.creatorShareMax} of what they earn.
        </p>
      }
      sections={sections}
      related={[InfoLinks.terms, InfoLinks.moderation, InfoLinks.transfer, InfoLinks.concierge]}
    />
  )
}
