import { PaymentTexts } from '@velvet/contract'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '../../ui/toast-store.ts'
import { PaymentParams, withoutParam } from './paths.ts'
import { useFinishCardSetup } from './payments.queries.ts'

/**
 * Back from the provider's hosted card form (`?setup_session_id=…`): saves the card once, says so, and
 * drops the parameter from the address. Answers the card saved (null until then).
 */
export function useSetupReturn(onSaved?: (cardId: number) => void) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const finish = useFinishCardSetup()
  const handled = useRef<string | null>(null)
  const sessionId = new URLSearchParams(search).get(PaymentParams.setupSession)

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return
    handled.current = sessionId
    finish.mutate(sessionId, {
      onSuccess: ({ card }) => {
        toast.success('Card saved')
        onSaved?.(card.card_id)
      },
      onError: () => toast.error(PaymentTexts.cardSaveFailed),
    })
    void navigate(withoutParam(pathname, search, PaymentParams.setupSession), { replace: true })
  }, [sessionId, finish, navigate, pathname, search, onSaved])

  return finish
}
