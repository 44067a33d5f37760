import { mentionedUserNames, NotifyType, type PostAuthor } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import { Notices, noticePerson } from '../notifications/payloads.ts'
import type { NotificationInput, NotificationService } from '../notifications/service.ts'
import type { EngagementRepo } from './engagement-repo.ts'
import { presentAuthor } from './presenters.ts'

/**
 * What the posts module tells people: a comment to the post's creator, an @mention to the person
 * named. After the change is committed; a failed notice never fails the comment or the post.
 */
export function createPostNotices(deps: {
  notifications: Pick<NotificationService, 'publish'>
  repo: Pick<EngagementRepo, 'userIdsByNames' | 'userCard'>
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}) {
  const { notifications, repo, log } = deps

  const item = (type: number, by: PostAuthor, summary: string, text: string, link: string) =>
    Notices.postText({ type, by: noticePerson(by, 'Someone'), summary, text, link })

  async function send(userId: number, input: NotificationInput) {
    await notifications.publish(userId, input).catch((err: unknown) => {
      log.warn({ err, userId, type: input.notify_type }, 'post notification failed')
    })
  }

  /** Users @mentioned in `text` (not its writer, nor those in `skip`), each told once. */
  async function mentions(text: string, by: PostAuthor, link: string, skip: number[] = []) {
    const names = mentionedUserNames(text)
    if (names.length === 0) return
    const ids = await repo.userIdsByNames(names.slice(0, 20))
    for (const id of ids)
      if (id !== by.user_id && !skip.includes(id))
        await send(id, item(NotifyType.Mention, by, 'mentioned you', text, link))
  }

  return {
    async commented(comment: { post_id: number; author: PostAuthor; text: string }, postAuthorId: number) {
      const link = `/post?id=${comment.post_id}`
      if (postAuthorId !== comment.author.user_id)
        await send(
          postAuthorId,
          item(NotifyType.PostComment, comment.author, 'commented on your post', comment.text, link),
        )
      await mentions(comment.text, comment.author, link, [postAuthorId])
    },
    /** A post went live (now, or at its scheduled time): the people its caption mentions. */
    async published(post: { id: number; authorId: number; caption: string }) {
      if (mentionedUserNames(post.caption).length === 0) return
      const row = await repo.userCard(post.authorId)
      if (!row) return
      const author = presentAuthor(row.id, row, deps.portraitUrl)
      await mentions(post.caption, author, `/post?id=${post.id}`)
    },
  }
}

export type PostNotices = ReturnType<typeof createPostNotices>
