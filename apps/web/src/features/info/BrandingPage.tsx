import { useEffect, useState } from 'react'
import { Logo } from '../../ui/Logo.tsx'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks } from './pages.ts'
import { Mail } from './prose.tsx'

/** The brand colours, shown from the design tokens themselves so this page never drifts from the product. */
const BRAND_COLOURS = [
  { name: 'Velvet rose', token: '--color-accent', use: 'Primary actions and the logo.' },
  { name: 'Rose light', token: '--color-brand-light', use: 'Highlights and links on dark.' },
  { name: 'Deep velvet', token: '--color-brand-deep', use: 'The dark end of the brand gradient.' },
  { name: 'Gold', token: '--color-gold', use: 'Money only: coins and earnings.' },
  { name: 'Night', token: '--color-bg', use: 'Backgrounds.' },
  { name: 'Ivory', token: '--color-text', use: 'Text on dark.' },
] as const

function TokenValue({ token }: { token: string }) {
  const [value, setValue] = useState('')
  useEffect(() => {
    setValue(getComputedStyle(document.documentElement).getPropertyValue(token).trim())
  }, [token])
  return <code>{value || token}</code>
}

const sections: InfoSection[] = [
  {
    id: 'name',
    title: 'Using the name',
    content: (
      <>
        <p>
          You are welcome to say you are on Velvet, link to your Velvet profile, and write about Velvet.
          Please write the name the way we do.
        </p>
        <ul>
          <li>
            <strong>Velvet</strong>: one word, capital V, the rest lower case. Not "VELVET", "velvet" or
            "Velvet App" in running text.
          </li>
          <li>
            Say "find me on Velvet" rather than "official Velvet creator": creators on Velvet are independent,
            not part of our team.
          </li>
          <li>
            Do not use Velvet in your username, page names, domain names, app names or product names.
            Usernames on Velvet cannot contain it at all.
          </li>
          <li>
            Do not suggest that Velvet sponsors, endorses or partners with you unless we have agreed it in
            writing.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'logo',
    title: 'The logo',
    content: (
      <>
        <p>
          The logo is a folded ribbon "V" mark beside the Velvet wordmark. Use the mark alone only where space
          is very tight, such as a small icon.
        </p>
        <div className="v-info__logo-row">
          <div className="v-info__logo-tile">
            <Logo size="lg" />
          </div>
          <div className="v-info__logo-tile v-info__logo-tile--plain">
            <Logo size="lg" wordmark={false} />
          </div>
        </div>
        <h3>Do</h3>
        <ul>
          <li>Use the logo as we supply it, on dark or deep-velvet backgrounds.</li>
          <li>Leave clear space around it of at least half the height of the mark.</li>
          <li>Keep the mark at least 24 pixels tall on screen so the ribbon stays readable.</li>
          <li>Link the logo to your Velvet profile or to Velvet's home page.</li>
        </ul>
        <h3>Do not</h3>
        <ul>
          <li>Stretch, rotate, crop, outline or add shadows or effects to it.</li>
          <li>Change its colours, or set it on a busy photo or a colour that hides it.</li>
          <li>Recreate the mark or the wordmark in another typeface.</li>
          <li>Combine it with your own logo into a new mark, or make it bigger than your own brand.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'colours',
    title: 'Colours',
    content: (
      <>
        <p>
          Velvet is dark first: near-black surfaces with one warm rose accent. Gold is reserved for money, so
          that a price or an earning is never mistaken for anything else.
        </p>
        <ul className="v-info__swatches">
          {BRAND_COLOURS.map((colour) => (
            <li key={colour.token} className="v-info__swatch">
              <div className="v-info__swatch-chip" style={{ background: `var(${colour.token})` }} />
              <span className="v-info__swatch-text">
                <strong>{colour.name}</strong>
                <TokenValue token={colour.token} />
                <span className="v-info__muted">{colour.use}</span>
              </span>
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: 'permission',
    title: 'Asking for permission',
    content: (
      <p>
        For anything these guidelines do not cover, such as press, merchandise, events or partnerships, write
        to <Mail box="brand" /> before you publish. Tell us where and how you want to use the name or logo; we
        reply within a week.
      </p>
    ),
  },
]

/** /branding: brand name usage, logo do's and don'ts, and the colours from the design tokens. */
export function BrandingPage() {
  return (
    <InfoPage
      eyebrow="Brand"
      title="Brand guidelines"
      description="How to use the Velvet name and logo, with logo do's and don'ts and the brand colours."
      lead={<p>How to write the Velvet name, use the logo, and work with our colours.</p>}
      sections={sections}
      related={[InfoLinks.about, InfoLinks.contact, InfoLinks.blog, InfoLinks.terms]}
    />
  )
}
