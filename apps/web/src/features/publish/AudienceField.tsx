import { isPaidVisibility, Posts, Visibility } from '@velvet/contract'
import { Coins, Crown, Globe, ShieldCheck } from 'lucide-react'
import type { ComponentType, Ref } from 'react'
import { useId } from 'react'
import { Link } from 'react-router'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { coinsFaceValue } from './composer-rules.ts'
import '../../ui/form-kit.css'

interface Option {
  value: Visibility
  title: string
  text: string
  icons: ComponentType<{ 'aria-hidden'?: boolean }>[]
}

/** "Who can see it" (spec §3 visibility 1-4), in the words a creator reads at a glance. */
export const AUDIENCE_OPTIONS: readonly Option[] = [
  { value: Visibility.Everyone, title: 'Everyone', text: 'Free for all your fans', icons: [Globe] },
  { value: Visibility.PPV, title: 'Pay per view', text: 'Fans unlock it with coins', icons: [Coins] },
  { value: Visibility.Members, title: 'Members', text: 'Only your members see it', icons: [Crown] },
  {
    value: Visibility.MembersAndPPV,
    title: 'Members + pay per view',
    text: 'Free for members, others unlock it',
    icons: [Crown, Coins],
  },
]

export function audienceTitle(visibility: number): string {
  return AUDIENCE_OPTIONS.find((option) => option.value === visibility)?.title ?? 'Everyone'
}

/**
 * Who can see the post, and for the paid choices the price in coins. A creator whose identity is not
 * verified yet is sent to verification (code 3034) before selling.
 */
export function AudienceField({
  visibility,
  price,
  onVisibility,
  onPrice,
  visibilityError,
  priceError,
  verifyPath,
  priceRef,
}: {
  visibility: Visibility
  price: string
  onVisibility(value: Visibility): void
  onPrice(value: string): void
  visibilityError: string | undefined
  priceError: string | undefined
  /** Set when the server asked for identity verification: where to verify (returning here). */
  verifyPath: string | null
  priceRef?: Ref<HTMLInputElement>
}) {
  const name = useId()
  const messageId = useId()
  const paid = isPaidVisibility(visibility)
  const faceValue = coinsFaceValue(price)
  return (
    <fieldset
      className="v-compose__section v-audience"
      aria-describedby={visibilityError ? messageId : undefined}
    >
      <legend className="v-compose__title">Who can see it</legend>
      <div className="v-audience__options">
        {AUDIENCE_OPTIONS.map((option) => (
          <label key={option.value} className="v-audience__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={visibility === option.value}
              onChange={() => onVisibility(option.value)}
              className="v-audience__radio"
            />
            <span className="v-audience__icons" aria-hidden="true">
              {option.icons.map((Icon, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed pair of icons
                <Icon key={index} aria-hidden />
              ))}
            </span>
            <span className="v-audience__title">{option.title}</span>
            <span className="v-audience__text">{option.text}</span>
          </label>
        ))}
      </div>
      {verifyPath ? (
        <div className="v-audience__verify" role="alert">
          <ShieldCheck aria-hidden="true" />
          <p>
            Verify your identity to sell posts.{' '}
            <Link to={verifyPath} className="v-audience__verify-link">
              Verify now
            </Link>
          </p>
        </div>
      ) : null}
      <FieldMessage id={messageId} error={visibilityError} />
      {paid ? (
        <TextField
          ref={priceRef}
          label="Price"
          className="v-audience__price"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 120"
          value={price}
          onChange={(event) => onPrice(event.target.value.replace(/[^\d]/g, ''))}
          leading={<Coins className="v-audience__coin" />}
          trailing={<span className="v-audience__unit">coins</span>}
          error={priceError}
          hint={`${faceValue ? `${faceValue} · ` : ''}${Posts.priceMin}–${Posts.priceMax.toLocaleString('en-US')} coins. ${
            visibility === Visibility.MembersAndPPV ? 'Members see it free.' : 'Free previews stay visible.'
          }`}
        />
      ) : null}
    </fieldset>
  )
}
