import { ChatRules, ChatTexts, coinsNeededOf, formatCoins, WalletTexts } from '@velvet/contract'
import { Coins, HandCoins } from 'lucide-react'
import { useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { toast } from '../../ui/toast-store.ts'
import { useBuyCoinsFallback } from '../payments/index.ts'
import { coinsShort, useWalletSummary } from '../wallet/index.ts'
import { useChatTip } from './chat.queries.ts'
import { coinsIn, newClientMsgId } from './chat-rules.ts'

/**
 * A tip in coins to the creator of the conversation, sent as a message: quick amounts or another amount,
 * an optional line, and the fan's balance; not enough coins goes to buying coins and back here.
 */
export function TipSheet({
  open,
  onClose,
  name,
  conversationId,
  peerId,
}: {
  open: boolean
  onClose: () => void
  name: string
  conversationId: string
  peerId: number
}) {
  const summary = useWalletSummary()
  const tip = useChatTip(conversationId, peerId)
  const [amount, setAmount] = useState(String(ChatRules.tipPresets[1]))
  const [text, setText] = useState('')
  // One client id per tip the fan is composing: a retry after a lost answer is stored once.
  const [clientMsgId, setClientMsgId] = useState(newClientMsgId)
  const coinsSheet = useBuyCoinsFallback({ open, onBought: () => tip.reset() })
  const coins = coinsIn(amount, ChatRules.tipMin, ChatRules.tipMax)
  const balance = summary.data?.coins ?? null
  const failure = tip.error
  const fromServer = isApiError(failure) && failure.code === 5004 ? coinsNeededOf(failure.fields) : null
  const short = fromServer ?? (balance === null || coins === null ? 0 : coinsShort(coins, balance))

  const submit = () => {
    if (coins === null) return
    if (short > 0) {
      coinsSheet.buy(short)
      return
    }
    tip.mutate(
      { coins, giftId: null, text, clientMsgId },
      {
        onSuccess: () => {
          toast.success(`You tipped ${name} ${formatCoins(coins)}.`)
          setText('')
          setClientMsgId(newClientMsgId())
          onClose()
        },
      },
    )
  }

  if (coinsSheet.sheet) return coinsSheet.sheet
  return (
    <BottomSheet open={open} onClose={onClose} title={`Tip ${name}`}>
      <div className="v-tip-sheet">
        <p className="v-tip-sheet__balance">
          <Coins aria-hidden="true" />
          {balance === null
            ? summary.isError
              ? WalletTexts.balanceFailed
              : WalletTexts.balanceLoading
            : WalletTexts.balance(balance)}
        </p>
        <fieldset className="v-tip-sheet__presets">
          <legend className="v-visually-hidden">Choose an amount</legend>
          {ChatRules.tipPresets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="v-tip-sheet__preset"
              aria-pressed={coins === preset}
              onClick={() => {
                setAmount(String(preset))
                tip.reset()
              }}
            >
              {preset}
            </button>
          ))}
        </fieldset>
        <TextField
          label="Coins"
          inputMode="numeric"
          value={amount}
          error={amount.trim() !== '' && coins === null ? ChatTexts.tipRange : undefined}
          onChange={(event) => {
            setAmount(event.target.value)
            tip.reset()
          }}
        />
        <TextField
          label="Message (optional)"
          value={text}
          maxLength={ChatRules.textMax}
          placeholder="Say something nice"
          onChange={(event) => setText(event.target.value)}
        />
        {failure && fromServer === null ? (
          <p className="v-tip-sheet__error" role="alert">
            {messageOf(failure)}
          </p>
        ) : null}
        {short > 0 ? (
          <p className="v-tip-sheet__short" role="status">
            {WalletTexts.short(short, 'for this tip')}
          </p>
        ) : null}
        <Button
          block
          icon={short > 0 ? <Coins /> : <HandCoins />}
          loading={tip.isPending}
          disabled={coins === null || (balance === null && !summary.isError)}
          onClick={submit}
        >
          {short > 0 ? WalletTexts.buyCoins : coins === null ? 'Tip' : `Tip ${formatCoins(coins)}`}
        </Button>
      </div>
    </BottomSheet>
  )
}
