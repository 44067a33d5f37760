import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { PageLoader } from '../../ui/Spinner.tsx'
import { useSession } from '../auth/index.ts'
import { bindStoredReferral, storeReferrer } from './referral-storage.ts'

/**
 * /ref/{code}: remembers who invited this browser (spec §3 "referrer id") and moves on: a visitor to
 * sign-up, a signed-in account home (recording the referral now if it may still have one).
 */
export function ReferralLandingScreen() {
  const { code = '' } = useParams()
  const session = useSession()
  const navigate = useNavigate()
  useEffect(() => {
    if (session.kind === 'none') return
    storeReferrer(code)
    if (session.kind === 'account') {
      void bindStoredReferral().finally(() => navigate('/home', { replace: true }))
    } else {
      void navigate('/login', { replace: true })
    }
  }, [code, session.kind, navigate])
  return <PageLoader label="Opening your invitation" />
}
