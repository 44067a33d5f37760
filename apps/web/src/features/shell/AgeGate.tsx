import { AGE_GATE_LEAVE_URL, ShellStorageKeys, ShellTexts, Timing } from '@velvet/contract'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router'
import { AdultMark } from '../../ui/AdultTip.tsx'
import { Button } from '../../ui/Button.tsx'
import { Dialog } from '../../ui/Dialog.tsx'
import { HOME_PATH } from '../auth/index.ts'
import { shouldShowAgeGate } from './age-gate.ts'
import './AgeGate.css'

function readFlag(): string | null {
  try {
    return localStorage.getItem(ShellStorageKeys.over18)
  } catch {
    return null
  }
}

/**
 * The age gate (spec §2, §4): about 1.2 s after load, unless the visitor already said they are over 18,
 * is a search or social crawler, or is on an exempt (legal) page. It cannot be dismissed without a choice.
 */
export function AgeGate() {
  const { pathname, key } = useLocation()
  const navigationType = useNavigationType()
  const navigate = useNavigate()
  const entryKey = useRef(key)
  // Whether the visitor has moved since the app loaded (a back navigation may return to the entry key).
  const moved = useRef(false)
  if (key !== entryKey.current) moved.current = true
  const [due, setDue] = useState(false)
  const [flag, setFlag] = useState(readFlag)

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), Timing.ageGateDelayMs)
    return () => clearTimeout(timer)
  }, [])

  const show = due && shouldShowAgeGate({ flag, userAgent: navigator.userAgent, pathname })

  // spec §2: a back navigation while the first-visit gate is up lands on /home (the gate stays up).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` marks each navigation, even to the same path
  useEffect(() => {
    if (show && navigationType === 'POP' && moved.current && pathname !== HOME_PATH) {
      void navigate(HOME_PATH, { replace: true })
    }
  }, [show, navigationType, key, pathname, navigate])

  const confirm = () => {
    try {
      localStorage.setItem(ShellStorageKeys.over18, '1')
    } catch {
      // Without storage the gate asks again on the next load.
    }
    setFlag('1')
  }

  return (
    <Dialog
      open={show}
      role="alertdialog"
      layer="gate"
      className="v-age-gate"
      title={ShellTexts.ageGate.title}
      media={<AdultMark />}
      actions={
        <>
          <Button block onClick={confirm} data-autofocus>
            {ShellTexts.ageGate.confirm}
          </Button>
          <Button block variant="ghost" onClick={() => window.location.assign(AGE_GATE_LEAVE_URL)}>
            {ShellTexts.ageGate.leave}
          </Button>
        </>
      }
    >
      <p>{ShellTexts.ageGate.body}</p>
      <p className="v-age-gate__terms">
        By entering you agree to our <Link to="/terms">Terms of Service</Link> and{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </Dialog>
  )
}
