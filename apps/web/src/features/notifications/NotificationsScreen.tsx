import { type NotificationEntry, type NotificationKind, NotificationTabs, noticeBody } from '@velvet/contract'
import { Bell } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { PillTabs } from '../../ui/PillTabs.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { useSession } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { PeopleSkeleton } from '../people/index.ts'
import { timeAgo } from '../posts/index.ts'
import { GuestTabScreen } from '../shell/index.ts'
import { useNotifications, useReadAllNotifications } from './notifications.queries.ts'
import './notifications-list.css'

const NOTIFICATIONS_PATH = '/notifications'

/** One row of the list: portrait, "title summary" line, a body only when it says more, and the time. */
export function NotificationRow({ item }: { item: NotificationEntry }) {
  const detail = noticeBody(item)
  const body = (
    <>
      <Avatar src={item.left.content} name={item.middle.title} size="md" decorative />
      <span className="v-notice__text">
        <span className="v-notice__line">
          <span className="v-notice__title">{item.middle.title}</span> {item.middle.summary}
        </span>
        {detail ? <span className="v-notice__content">{detail}</span> : null}
        <time className="v-notice__time" dateTime={new Date(item.created_at * 1000).toISOString()}>
          {timeAgo(item.created_at, Date.now() / 1000)}
        </time>
      </span>
      {item.read ? null : <span className="v-notice__dot" role="img" aria-label="New" />}
    </>
  )
  return (
    <li className={`v-notice${item.read ? '' : ' v-notice--new'}`}>
      {item.link ? (
        <Link className="v-notice__main" to={item.link}>
          {body}
        </Link>
      ) : (
        <div className="v-notice__main">{body}</div>
      )}
    </li>
  )
}

function Notifications() {
  const [kind, setKind] = useState<NotificationKind>('all')
  const query = useNotifications(kind)
  const readAll = useReadAllNotifications()
  // Opening the screen reads them all (the tab badge goes to 0); the rows keep their "new" dot until next time.
  const { mutate } = readAll
  useEffect(() => mutate(), [mutate])
  const rows = query.data?.pages.flatMap((page) => page.list) ?? []

  let body: React.ReactNode
  if (query.isPending) body = <PeopleSkeleton />
  else if (query.isError && rows.length === 0)
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  else if (rows.length === 0)
    body = (
      <EmptyState
        icon={<Bell />}
        title="Nothing here yet"
        text="New followers, comments, mentions, purchases and messages show up here."
      />
    )
  else
    body = (
      <>
        <ul className="v-notices" aria-label="Notifications" aria-busy={query.isFetching || undefined}>
          {rows.map((item) => (
            <NotificationRow key={item.id} item={item} />
          ))}
        </ul>
        <LoadMore pages={query} errorMessage={messageOf(query.error)} />
      </>
    )

  return (
    <div className="v-screen">
      <ScreenBar title="Notifications" back={false} />
      <div className="v-screen__body">
        <PillTabs
          label="Show"
          options={NotificationTabs.map((tab) => ({ value: tab.kind, label: tab.label }))}
          value={kind}
          onChange={setKind}
        />
        {body}
      </div>
    </div>
  )
}

/** /notifications: everything that happened to the user, newest first, by kind. */
export function NotificationsScreen() {
  const session = useSession()
  if (session.kind === 'account') return <Notifications />
  if (session.kind === 'none') return <PageLoader />
  return (
    <GuestTabScreen
      title="Notifications"
      icon={<Bell />}
      heading="Your notifications"
      text="Sign in to hear about new followers, comments, mentions and messages."
      path={NOTIFICATIONS_PATH}
    />
  )
}
