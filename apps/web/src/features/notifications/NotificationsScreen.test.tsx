import { type NotificationEntry, NotifyType } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { NotificationRow } from './NotificationsScreen.tsx'

const entry = (parts: Partial<NotificationEntry>): NotificationEntry => ({
  id: '1',
  notify_type: NotifyType.NewFollower,
  is_show: 1,
  is_add: 1,
  show_seconds: null,
  link: null,
  left: { content: null, type: 1 },
  middle: { title: 'Ann', summary: 'started following you' },
  right: null,
  meta: {},
  content: '',
  created_at: 1_700_000_000,
  read: true,
  ...parts,
})

const row = (item: NotificationEntry) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <NotificationRow item={item} />
    </MemoryRouter>,
  )
const count = (markup: string, text: string) => markup.split(text).length - 1

describe('a notification row', () => {
  it('says its title and summary once: a stored body that repeats them is not shown again', () => {
    const repeats = [
      { type: NotifyType.PayoutPaid, title: 'Withdrawal sent', summary: 'US$9.00 is on its way.', sep: ': ' },
      { type: NotifyType.NewMember, title: 'Ann', summary: 'subscribed to you for US$9.99', sep: ' ' },
    ]
    for (const { type, title, summary, sep } of repeats) {
      const markup = row(
        entry({ notify_type: type, middle: { title, summary }, content: `${title}${sep}${summary}` }),
      )
      expect(count(markup, summary)).toBe(1)
      expect(markup).not.toContain('v-notice__content')
    }
    expect(row(entry({ content: 'started following you' }))).not.toContain('v-notice__content')
  })

  it('shows a body that says more: the comment itself', () => {
    const comment = row(
      entry({
        notify_type: NotifyType.PostComment,
        middle: { title: 'Ann', summary: 'commented on your post' },
        content: 'Lovely light in this one',
      }),
    )
    expect(comment).toContain('<span class="v-notice__content">Lovely light in this one</span>')
  })
})
