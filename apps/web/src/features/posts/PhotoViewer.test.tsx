import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PhotoViewerBody } from './PhotoViewer.tsx'
import { makeMedia, makePost } from './post-fixtures.ts'

const noop = () => undefined

function viewerHtml(post: ReturnType<typeof makePost>, startMediaId: number): string {
  return renderToStaticMarkup(
    <PhotoViewerBody post={post} startMediaId={startMediaId} onClose={noop} onExpired={noop} />,
  )
}

const altsOf = (html: string) => [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((match) => match[1])
const sourcesOf = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]*)"/g)].map((match) => match[1])

describe('the full-screen photo viewer', () => {
  it('is a modal dialog on the photo tapped, with its close button, counter and alt text', () => {
    const post = makePost({
      caption: '',
      media: [makeMedia({ media_id: 1 }), makeMedia({ media_id: 2 }), makeMedia({ media_id: 3 })],
    })
    const html = viewerHtml(post, 2)
    expect(html).toContain('role="dialog"')
    expect(html).toContain('aria-modal="true"')
    expect(html).toContain('aria-label="Photos, 2 of 3"')
    expect(html).toContain('aria-label="Close"')
    expect(html).toContain('2 / 3')
    expect(altsOf(html)).toEqual([
      'Photo 1 of 3 by @creator_one',
      'Photo 2 of 3 by @creator_one',
      'Photo 3 of 3 by @creator_one',
    ])
  })

  it('uses the caption as alt text when the post has one', () => {
    const html = viewerHtml(makePost({ caption: 'Golden hour on the grid' }), 1)
    expect(altsOf(html)).toEqual(['Golden hour on the grid'])
    expect(html).toContain('aria-label="Photo"')
  })

  it('never shows a locked photo: only those the viewer already has', () => {
    const post = makePost({
      lock: { reason: 'ppv', price: 40, images: 3, videos: 0, duration: 0 },
      media: [
        makeMedia({ media_id: 1, is_free_preview: true }),
        makeMedia({ media_id: 2, urls: null, preview: 'data:image/jpeg;base64,LOCKED' }),
        makeMedia({ media_id: 3, urls: null, preview: 'data:image/jpeg;base64,LOCKED' }),
      ],
    })
    // Even asked to open on a locked photo, it shows the one the viewer has.
    const html = viewerHtml(post, 2)
    expect(altsOf(html)).toHaveLength(1)
    expect(html).not.toContain('LOCKED')
    expect(sourcesOf(html).every((src) => !src?.startsWith('data:'))).toBe(true)
  })

  it('shows nothing when the viewer has none of the photos', () => {
    const post = makePost({ media: [makeMedia({ media_id: 1, urls: null })] })
    expect(viewerHtml(post, 1)).toBe('')
  })
})
