import { type Post, type PostMedia, PostState, Visibility } from '@velvet/contract'

/** Test data: a ready image as an entitled viewer gets it. Only tests import this file. */
export function makeMedia(overrides: Partial<PostMedia> = {}): PostMedia {
  const id = overrides.media_id ?? 1
  return {
    media_id: id,
    kind: 'image',
    state: 1,
    width: 1080,
    height: 1350,
    duration: null,
    is_free_preview: false,
    preview: 'data:image/webp;base64,AAAA',
    urls: {
      images: [
        { width: 480, webp: `/fapi/media/${id}/w480.webp?e=1000`, jpeg: `/fapi/media/${id}/w480.jpg?e=1000` },
      ],
      hls: null,
      mp4: null,
    },
    ...overrides,
  }
}

/** Test data: a published, public post of creator 7. */
export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.post_id ?? 1
  return {
    post_id: id,
    author: { user_id: 7, user_name: 'creator_one', nickname: 'Creator One', portrait: null, verified: true },
    state: PostState.Published,
    caption: `Post ${id}`,
    visibility: Visibility.Everyone,
    price: null,
    created_at: 1_700_000_000,
    published_at: 1_700_000_000,
    publish_at: null,
    edited_at: null,
    pinned: false,
    likes: 0,
    comments: 0,
    liked_by_me: false,
    is_mine: false,
    lock: null,
    cover_media_id: null,
    media: [makeMedia()],
    ...overrides,
  }
}
