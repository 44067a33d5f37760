import { Coins, Phone, PhoneOff } from 'lucide-react'
import { Avatar } from '../../ui/Avatar.tsx'
import { toast } from '../../ui/toast-store.ts'
import { CALLS_UNAVAILABLE_MESSAGE, callPriceLine } from './call-rules.ts'
import { incomingCall, useIncomingCall } from './call-store.ts'
import './calls.css'

/**
 * The incoming-call banner (spec §2, §4): who calls, 'Calling' with animated dots, the price, decline and
 * accept. Answering needs the call service (fapi/core/call/accept|decline), which this build does not
 * have: both buttons say so and close the banner instead of pretending to connect.
 */
export function IncomingCallBanner() {
  const ringing = useIncomingCall()
  if (!ringing) return null
  const { invite } = ringing
  const caller = invite.send_user_info
  const answer = () => {
    toast.show(CALLS_UNAVAILABLE_MESSAGE)
    incomingCall.close()
  }
  return (
    <section
      key={ringing.version}
      className="v-callbanner"
      aria-label={`Incoming call from ${caller.nick_name}`}
      data-testid="incoming-call"
      data-call-id={invite.call_id}
    >
      <div className="v-callbanner__who">
        <span className="v-callbanner__portrait">
          <Avatar src={caller.portrait} name={caller.nick_name} size="lg" decorative />
        </span>
        <div className="v-callbanner__text">
          <p className="v-callbanner__name">{caller.nick_name}</p>
          <p className="v-callbanner__status">
            Calling
            <span className="v-callbanner__dots" aria-hidden="true">
              <span>.</span>
              <span>.</span>
              <span>.</span>
            </span>
          </p>
          <p className="v-coins">
            <Coins aria-hidden="true" />
            <span>{callPriceLine(invite.user_call_setting)}</span>
          </p>
        </div>
      </div>
      <div className="v-callbanner__actions">
        <button type="button" className="v-callbanner__button v-callbanner__button--decline" onClick={answer}>
          <PhoneOff aria-hidden="true" />
          <span>Decline</span>
        </button>
        <button type="button" className="v-callbanner__button v-callbanner__button--accept" onClick={answer}>
          <Phone aria-hidden="true" />
          <span>Accept</span>
        </button>
      </div>
    </section>
  )
}
