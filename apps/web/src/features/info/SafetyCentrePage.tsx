import { useMemo } from 'react'
import { Link, useLocation } from 'react-router'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Mail } from './prose.tsx'

/** /privacy/safety1 is a second entry to the same centre; each links to its own blocked-locations page. */
export function blockedLocationsPathFor(pathname: string): string {
  return pathname.startsWith(InfoPath.safety1) ? InfoPath.blockedLocations1 : InfoPath.blockedLocations
}

function sections(blockedLocationsPath: string): InfoSection[] {
  return [
    {
      id: 'blocking-accounts',
      title: 'Blocking accounts',
      content: (
        <>
          <p>
            Blocking is the quickest way to end contact with someone. Open their profile, tap the{' '}
            <strong>More options</strong> button at the top and choose <strong>Block</strong>; after reporting
            someone you are offered the same. Once you confirm:
          </p>
          <ul>
            <li>
              they can no longer see your profile or your posts, which no longer show anywhere for them;
            </li>
            <li>
              neither of you can message the other, and they cannot send you gifts or start a membership;
            </li>
            <li>they are left out of your mass messages, and you no longer see them in your lists;</li>
            <li>the person is not told that you blocked them.</li>
          </ul>
          <p>
            A membership they already pay for is not cancelled by the block; what they already bought stays
            theirs. You can unblock someone at any time from <Link to="/user/blocked">Blocked accounts</Link>{' '}
            in your settings, or from their profile: their follows and list places come back as they were.
          </p>
          <p>
            If someone is harassing you or threatening you, block them and report them, so that our moderators
            can act on the account as well. See{' '}
            <Link to={`${InfoPath.moderation}#reporting`}>how to report</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'blocked-locations',
      title: 'Blocked locations',
      content: (
        <>
          <p>
            Many creators do not want to be found by people nearby. From{' '}
            <strong>Settings › Blocked locations</strong> you can hide your profile and posts from whole
            countries, and from individual US states. People connecting from a blocked location cannot see
            your profile or your posts; their location is worked out from the IP address of their connection.
          </p>
          <p>
            <Link to={blockedLocationsPath}>Read how blocked locations work</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'watermarking',
      title: 'Watermarking your content',
      content: (
        <>
          <p>
            A watermark will not stop a determined leaker, but it makes leaked content traceable and less
            useful.
          </p>
          <ul>
            <li>
              Put your Velvet username on photos and videos, not just a logo. A name sends people to you.
            </li>
            <li>
              Place it where it cannot be cropped off easily, such as across the body of the image rather than
              in a corner, and keep it semi-transparent so it does not spoil the content.
            </li>
            <li>For videos, keep the watermark on screen for the whole clip, or move it occasionally.</li>
            <li>
              Keep your original, un-watermarked files. They are your best proof of ownership in a takedown
              notice.
            </li>
          </ul>
          <p>
            Found your content somewhere it should not be? Use the{' '}
            <Link to="/manage/dmca_form">DMCA takedown form</Link> for copies on Velvet, and send notices to
            other sites with the same details.
          </p>
        </>
      ),
    },
    {
      id: 'two-factor',
      title: 'Securing your sign-in',
      content: (
        <>
          <p>
            Velvet has no password to steal: you sign in with a one-time code sent to your e-mail, or with
            Google. That makes your e-mail account the key to your Velvet account, so protect it well.
          </p>
          <ul>
            <li>
              Turn on two-factor authentication for your e-mail account, or for your Google account if you
              sign in with Google. Prefer an authenticator app or a security key over text messages.
            </li>
            <li>Use a strong, unique password for that e-mail account, kept in a password manager.</li>
            <li>
              Never share a sign-in code. Velvet staff will never ask you for one; anyone who does is trying
              to take your account.
            </li>
            <li>
              Log out of Velvet on shared or borrowed devices. Sessions end by themselves after 60 days, and
              logging out ends them at once.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'identity',
      title: 'Keeping your identity private',
      content: (
        <ul>
          <li>Use a stage name, and an e-mail address you use only for your creator work.</li>
          <li>
            Velvet removes location data from the photos you upload, but check videos and backgrounds
            yourself: mail, windows, landmarks and reflections can give away where you live.
          </li>
          <li>Keep your personal social media accounts separate from your creator ones.</li>
          <li>Think twice before showing tattoos or other marks that are easy to search for.</li>
        </ul>
      ),
    },
    {
      id: 'get-help',
      title: 'Getting help',
      content: (
        <p>
          If you are being threatened, your content was shared without consent, or you feel unsafe, write to{' '}
          <Mail box="safety" />. These reports are reviewed within 24 hours. If you are in immediate danger,
          contact your local emergency services first.
        </p>
      ),
    },
  ]
}

/** /privacy/safety and /privacy/safety1: the Safety & Privacy Centre for creators. */
export function SafetyCentrePage() {
  const { pathname } = useLocation()
  const blockedLocationsPath = blockedLocationsPathFor(pathname)
  const content = useMemo(() => sections(blockedLocationsPath), [blockedLocationsPath])
  return (
    <InfoPage
      eyebrow="Safety & privacy"
      title="Safety & Privacy Centre"
      description="How creators on Velvet stay safe: blocking accounts and locations, watermarking, securing sign-in and protecting their identity."
      lead={
        <p>
          Tools and habits that help creators stay in control of who sees them, protect their content, and
          keep their account safe.
        </p>
      }
      sections={content}
      related={[InfoLinks.privacy, InfoLinks.moderation, InfoLinks.complaints, InfoLinks.contact]}
    />
  )
}
