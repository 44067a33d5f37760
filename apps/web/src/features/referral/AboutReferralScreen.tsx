import { Shares, UserRole } from '@velvet/contract'
import { BadgePercent, CalendarClock, Link2, ShieldCheck, Sparkles, UserPlus } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { useSession } from '../auth/index.ts'
import { ReferralPaths } from './paths.ts'
import './referral.css'

const percent = `${Shares.referralBps / 100}%`

const steps = [
  {
    icon: <Link2 />,
    title: 'Share your link',
    text: 'Every creator has a link ending in /ref/your-username. Post it wherever your fellow creators are.',
  },
  {
    icon: <UserPlus />,
    title: 'They join as creators',
    text: 'Whoever signs up through your link, or names you when they verify as a creator, is yours.',
  },
  {
    icon: <BadgePercent />,
    title: `You earn ${percent}`,
    text: `For ${Shares.referralMonths} months you get ${percent} of what they earn, straight into your payout balance.`,
  },
]

/** /ref/about_referral: the referral programme, full width and without the age gate (spec §2). */
export function AboutReferralScreen() {
  const session = useSession()
  const isCreator = session.kind === 'account' && session.user.user_role === UserRole.Creator
  const cta = isCreator
    ? { to: ReferralPaths.earn, label: 'Get your referral link' }
    : session.kind === 'account'
      ? { to: '/creator_audit', label: 'Become a creator' }
      : { to: '/login', label: 'Join Velvet' }
  return (
    <main className="v-ref-about">
      <title>Referral programme · Velvet</title>
      <meta
        name="description"
        content={`Invite creators to Velvet and earn ${percent} of their earnings for ${Shares.referralMonths} months.`}
      />
      <section className="v-ref-hero">
        <p className="v-ref-hero__eyebrow">
          <Sparkles aria-hidden="true" /> Referral programme
        </p>
        <h1 className="v-ref-hero__title">
          Invite creators. Earn {percent} of what they make for {Shares.referralMonths} months.
        </h1>
        <p className="v-ref-hero__lead">
          Your share comes out of Velvet’s part of each sale, so the creators you invite keep every cent of
          theirs.
        </p>
        <Link to={cta.to} className={buttonClassName({ size: 'lg' })}>
          {cta.label}
        </Link>
      </section>

      <section className="v-ref-steps" aria-label="How it works">
        {steps.map((step, index) => (
          <article key={step.title} className="v-ref-step">
            <span className="v-ref-step__icon" aria-hidden="true">
              {step.icon}
            </span>
            <p className="v-ref-step__index">Step {index + 1}</p>
            <h2 className="v-ref-step__title">{step.title}</h2>
            <p className="v-ref-step__text">{step.text}</p>
          </article>
        ))}
      </section>

      <section className="v-ref-facts" aria-label="The details">
        <div className="v-ref-fact">
          <BadgePercent aria-hidden="true" />
          <p>
            <strong>{percent}</strong> of each referred creator’s earnings: posts, gifts, memberships and
            messages.
          </p>
        </div>
        <div className="v-ref-fact">
          <CalendarClock aria-hidden="true" />
          <p>
            <strong>{Shares.referralMonths} months</strong> from the day they become a creator.
          </p>
        </div>
        <div className="v-ref-fact">
          <ShieldCheck aria-hidden="true" />
          <p>
            <strong>Paid like your earnings</strong>: withdraw with ACH, PayPal or USDT from US$20.
          </p>
        </div>
      </section>
    </main>
  )
}
