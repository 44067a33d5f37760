import { useQuery } from '@tanstack/react-query'
import { type Post, userPosts } from '@velvet/contract'
import { Check, ImageOff } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { api } from '../../lib/api/index.ts'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import { PublishPath } from '../publish/index.ts'
import { useViewerId } from '../subs/index.ts'
import { massKeys } from './mass.queries.ts'
import '../../ui/form-kit.css'

const thumbOf = (post: Post) => {
  const item = post.media.find((m) => m.media_id === post.cover_media_id) ?? post.media[0]
  return item?.urls?.images[0]?.jpeg ?? item?.preview ?? null
}

/** Kind Post: one of the creator's published posts, newest first; fans get its link in their chat. */
export function PostPicker({
  value,
  onChange,
  error,
}: {
  value: number | null
  onChange(postId: number): void
  error: string | undefined
}) {
  const viewerId = useViewerId()
  const messageId = useId()
  const posts = useQuery({
    queryKey: [...massKeys.all, viewerId, 'posts'],
    queryFn: ({ signal }) => api.call(userPosts, { user_id: viewerId, limit: 24 }, { signal }),
    enabled: viewerId > 0,
  })
  const list = posts.data?.list ?? []
  return (
    <fieldset className="v-compose__section" aria-describedby={error ? messageId : undefined}>
      <legend className="v-compose__title">Post to share</legend>
      {posts.isPending ? (
        <p className="v-compose__hint">Loading your posts…</p>
      ) : list.length === 0 ? (
        <p className="v-compose__hint">
          You have no published posts yet. <Link to={PublishPath.compose}>Create one</Link>
        </p>
      ) : (
        <ul className="v-mass-posts" aria-label="Your posts">
          {list.map((post) => {
            const thumb = thumbOf(post)
            const chosen = value === post.post_id
            return (
              <li key={post.post_id}>
                <button
                  type="button"
                  className="v-mass-post"
                  aria-pressed={chosen}
                  aria-label={post.caption ? `Post: ${post.caption.slice(0, 60)}` : `Post ${post.post_id}`}
                  onClick={() => onChange(post.post_id)}
                >
                  {thumb ? (
                    <img src={thumb} alt="" className="v-mass-post__img" />
                  ) : (
                    <ImageOff aria-hidden="true" className="v-mass-post__none" />
                  )}
                  {chosen ? (
                    <span className="v-mass-post__check" aria-hidden="true">
                      <Check />
                    </span>
                  ) : null}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  )
}
