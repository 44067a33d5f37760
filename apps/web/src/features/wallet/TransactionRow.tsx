import type { Transaction } from '@velvet/contract'
import {
  ArrowDownLeft,
  ArrowUpRight,
  ChevronDown,
  Coins,
  Crown,
  Gift,
  Landmark,
  LockOpen,
  MessageSquare,
  RotateCcw,
} from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { displayName } from '../profile/index.ts'
import { hasFeeLines, lineAmount, rowAmount, transactionTime } from './wallet-rules.ts'

const ICONS: Record<Transaction['kind'], ReactNode> = {
  coin_purchase: <Coins />,
  membership: <Crown />,
  unlock: <LockOpen />,
  gift: <Gift />,
  paid_message: <MessageSquare />,
  payout_request: <ArrowUpRight />,
  payout_paid: <Landmark />,
  payout_failed: <RotateCcw />,
  chargeback: <RotateCcw />,
  refund: <ArrowDownLeft />,
}

/** One statement entry: what, with whom, when, the signed amount with its unit; fee lines unfold. */
export function TransactionRow({ item }: { item: Transaction }) {
  const [open, setOpen] = useState(false)
  const linesId = useId()
  const foldable = hasFeeLines(item)
  const who = item.counterparty
  const figure = rowAmount(item)
  const summary = (
    <>
      <span className="v-tx__icon" data-kind={item.kind} aria-hidden="true">
        {ICONS[item.kind]}
      </span>
      <span className="v-tx__text">
        <span className="v-tx__title">{item.title}</span>
        {item.message ? <span className="v-tx__message">“{item.message}”</span> : null}
        <span className="v-tx__meta">
          {who ? (
            <span className="v-tx__who">
              <Avatar src={who.portrait} name={displayName(who)} size="sm" decorative />
              {displayName(who)}
            </span>
          ) : null}
          <time dateTime={new Date(item.time * 1000).toISOString()}>{transactionTime(item.time)}</time>
        </span>
      </span>
      <span className="v-tx__amount" data-sign={figure.sign}>
        {figure.text}
      </span>
      {foldable ? (
        <ChevronDown className="v-tx__chevron" aria-hidden="true" data-open={open || undefined} />
      ) : null}
    </>
  )
  return (
    <li className="v-tx">
      {foldable ? (
        <button
          type="button"
          className="v-tx__row"
          aria-expanded={open}
          aria-controls={linesId}
          onClick={() => setOpen(!open)}
        >
          {summary}
        </button>
      ) : (
        <div className="v-tx__row">{summary}</div>
      )}
      {foldable && open ? (
        <dl id={linesId} className="v-tx__lines">
          {item.lines.map((line) => (
            <div key={line.key} className="v-tx__line" data-key={line.key}>
              <dt>{line.label}</dt>
              <dd>{lineAmount(line)}</dd>
            </div>
          ))}
          {item.link ? (
            <div className="v-tx__line">
              <dt>Item</dt>
              <dd>
                <Link to={item.link.path}>{item.link.label}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {!foldable && item.lines.length === 1 && item.lines[0] ? (
        <p className="v-tx__inline">
          {item.lines[0].label}: {lineAmount(item.lines[0])}
        </p>
      ) : null}
      {!foldable && item.link ? (
        <Link className="v-tx__post" to={item.link.path}>
          {item.link.label}
        </Link>
      ) : null}
    </li>
  )
}

export function TransactionSkeleton() {
  return (
    <ul className="v-tx-list" role="status" aria-label="Loading transactions">
      {[0, 1, 2, 3, 4].map((index) => (
        <li key={index} className="v-tx" aria-hidden="true">
          <div className="v-tx__row">
            <span className="v-skel v-skel--circle" />
            <span className="v-tx__text">
              <span className="v-skel v-tx__skel" />
              <span className="v-skel v-tx__skel v-tx__skel--short" />
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}
