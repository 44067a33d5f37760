import { MassAudienceLabels, MassKind, type MassMessage, SpentLevels } from '@velvet/contract'
import { CalendarClock, Coins, Eye, Image, Link2, Send, ShoppingBag, X } from 'lucide-react'
import { formatPacific } from '../../lib/pacific-time.ts'
import { abbreviate } from '../notifications/index.ts'
import { percentOf, StatusLabels } from './mass-rules.ts'

/** "All followers", "Spenders · Over $100", "Custom lists (2)". */
export function audienceText(mass: Pick<MassMessage, 'audience'>): string {
  const { kind, spent_level, list_ids } = mass.audience
  const title = MassAudienceLabels[kind].title
  if (kind === 'spenders' && spent_level && spent_level > 1)
    return `${title} · ${SpentLevels[spent_level]?.label}`
  if (kind === 'lists') return `${title} (${list_ids.length})`
  return title
}

/** One mass message in /mass/list: status chip, what and to whom, when, and sent/opened/purchased. */
export function MassCard({ mass, onCancel }: { mass: MassMessage; onCancel?: (() => void) | undefined }) {
  const thumb = mass.media[0]?.urls?.images[0]?.jpeg ?? mass.media[0]?.preview ?? null
  const summary =
    mass.text.trim() ||
    (mass.kind === MassKind.Post
      ? 'Shared a post'
      : `${mass.media.length} photo${mass.media.length === 1 ? '' : 's'}`)
  const when =
    mass.status_name === 'scheduled'
      ? `Goes out ${formatPacific(mass.send_at)}`
      : `Sent ${formatPacific(mass.send_at)}`
  return (
    <article
      className="v-mass-card"
      data-status={mass.status_name}
      aria-label={`Mass message, ${StatusLabels[mass.status_name]}`}
    >
      <header className="v-mass-card__head">
        <span className="v-mass-status" data-status={mass.status_name}>
          {mass.status_name === 'scheduled' ? <CalendarClock aria-hidden="true" /> : null}
          {mass.status_name === 'sending' ? <Send aria-hidden="true" /> : null}
          {StatusLabels[mass.status_name]}
        </span>
        <span className="v-mass-card__audience">{audienceText(mass)}</span>
        {onCancel ? (
          <button type="button" className="v-mass-card__cancel" onClick={onCancel}>
            <X aria-hidden="true" />
            Cancel
          </button>
        ) : null}
      </header>
      <div className="v-mass-card__body">
        {thumb ? (
          <img src={thumb} alt="" className="v-mass-card__thumb" />
        ) : mass.kind === MassKind.Post ? (
          <span className="v-mass-card__thumb v-mass-card__thumb--icon" aria-hidden="true">
            <Link2 />
          </span>
        ) : null}
        <div className="v-mass-card__text">
          <p className="v-mass-card__summary">{summary}</p>
          <p className="v-mass-card__meta">
            {when}
            {mass.price !== null ? (
              <span className="v-mass-card__price">
                <Coins aria-hidden="true" /> {mass.price}
              </span>
            ) : null}
            {mass.media.length > 1 ? (
              <span className="v-mass-card__price">
                <Image aria-hidden="true" /> {mass.media.length}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      {mass.status_name === 'failed' && mass.failure ? (
        <p className="v-mass-card__failure">{mass.failure}</p>
      ) : null}
      {mass.status_name === 'scheduled' ? null : (
        <dl className="v-mass-stats">
          <div>
            <dt>
              <Send aria-hidden="true" /> Sent
            </dt>
            <dd data-testid="mass-sent">
              {abbreviate(mass.counts.sent)}
              {mass.recipients !== null && mass.status_name === 'sending' ? (
                <span className="v-mass-stats__of"> / {abbreviate(mass.recipients)}</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>
              <Eye aria-hidden="true" /> Opened
            </dt>
            <dd>
              {abbreviate(mass.counts.opened)}
              <span className="v-mass-stats__of"> {percentOf(mass.counts.opened, mass.counts.sent)}</span>
            </dd>
          </div>
          <div>
            <dt>
              <ShoppingBag aria-hidden="true" /> Purchased
            </dt>
            <dd>{mass.price === null ? '–' : abbreviate(mass.counts.purchased)}</dd>
          </div>
        </dl>
      )}
    </article>
  )
}
