import { PayoutMethodKind } from '@velvet/contract'
import { Coins, Landmark, Mail } from 'lucide-react'

/** The bare icon of a payout method kind. */
export function MethodGlyph({ kind }: { kind: number }) {
  const Icon = kind === PayoutMethodKind.Ach ? Landmark : kind === PayoutMethodKind.PayPal ? Mail : Coins
  return <Icon />
}

/** The icon of a payout method kind, in a settings row's icon box. */
export function MethodIcon({ kind }: { kind: number }) {
  return (
    <span className="v-set-row__icon" aria-hidden="true">
      <MethodGlyph kind={kind} />
    </span>
  )
}
