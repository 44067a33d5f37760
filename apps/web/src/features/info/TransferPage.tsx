import { Link } from 'react-router'
import { InfoPage, type InfoSection } from './InfoPage.tsx'
import { InfoLinks, InfoPath } from './pages.ts'
import { Callout, Mail, Steps } from './prose.tsx'

const sections: InfoSection[] = [
  {
    id: 'availability',
    title: 'Availability',
    content: (
      <Callout tone="notice" title="The copy tool is not available yet">
        <p>
          The tool that copies content from another platform is not part of Velvet yet. This page describes
          what it will do, so you can plan your move. Until it arrives, you can move by uploading your content
          yourself (see <a href="#move-by-hand">moving by hand</a> below).
        </p>
      </Callout>
    ),
  },
  {
    id: 'what-it-does',
    title: 'What the copy tool will do',
    content: (
      <>
        <p>
          "Copy content from another platform" saves creators from downloading and re-uploading years of posts
          one at a time. It will work only on a desktop computer, through a browser extension, because it
          needs to read your posts from the other platform while you are signed in there.
        </p>
        <Steps
          items={[
            {
              title: 'Install the extension',
              detail: (
                <p>
                  Add the Velvet extension to a desktop browser. It is not available on phones or tablets.
                </p>
              ),
            },
            {
              title: 'Choose what to copy',
              detail: (
                <p>
                  Sign in to the other platform as usual, open the extension, and pick the posts you want to
                  bring over. Your password for that platform is never sent to Velvet.
                </p>
              ),
            },
            {
              title: 'Review drafts on Velvet',
              detail: (
                <p>
                  Media and captions arrive in your Velvet drafts. Nothing is published automatically: you set
                  the price, the audience and the schedule for each post, then publish.
                </p>
              ),
            },
          ]}
        />
      </>
    ),
  },
  {
    id: 'what-moves',
    title: 'What moves, and what does not',
    content: (
      <ul>
        <li>
          <strong>Moves:</strong> your own photos and videos, and their captions.
        </li>
        <li>
          <strong>Does not move:</strong> followers and subscribers, prices, messages, comments, likes and
          earnings. Fans choose to follow you on Velvet themselves, so tell them where to find you.
        </li>
        <li>
          <strong>Only your content:</strong> copy only content you made or hold the rights to, and only
          content where everyone depicted is verified on Velvet. The{' '}
          <Link to={`${InfoPath.terms}#creators`}>creator obligations</Link> apply to copied posts exactly as
          to new ones.
        </li>
      </ul>
    ),
  },
  {
    id: 'move-by-hand',
    title: 'Moving by hand today',
    content: (
      <ol>
        <li>Download your content from the other platform using its own export or download options.</li>
        <li>
          Become a creator on Velvet and complete verification, including records for anyone else in your
          content.
        </li>
        <li>
          Upload your best posts first, and use scheduled posts to spread the rest out, so your profile looks
          alive from day one.
        </li>
        <li>Share your Velvet profile link with your fans on the platforms where they already follow you.</li>
      </ol>
    ),
  },
  {
    id: 'help',
    title: 'Help with a move',
    content: (
      <p>
        Moving a large catalogue, or unsure whether something can come over? Write to <Mail box="concierge" />
        . If someone else is uploading your content to Velvet without your permission, use the{' '}
        <Link to="/manage/dmca_form">DMCA takedown form</Link>.
      </p>
    ),
  },
]

/** /transfer: moving content and an audience to Velvet from another platform. */
export function TransferPage() {
  return (
    <InfoPage
      eyebrow="Creators"
      title="Moving to Velvet"
      description="How creators move their content to Velvet from another platform. The desktop copy tool is not available yet."
      lead={
        <p>
          How to bring your content to Velvet from another platform: what the desktop copy tool will do, and
          how to move by hand until it is ready.
        </p>
      }
      sections={sections}
      related={[InfoLinks.about, InfoLinks.terms, InfoLinks.concierge, InfoLinks.safety]}
    />
  )
}
