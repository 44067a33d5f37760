import { CoreErrorCodes } from '@velvet/contract'
import { RotateCw } from 'lucide-react'
import { Button } from '../ui/Button.tsx'
import { Logo } from '../ui/Logo.tsx'
import '../features/errors/errors.css'

/** Shown when the client config cannot be loaded (server unreachable at start). */
export function StartupError() {
  return (
    <main className="v-error">
      <Logo size="sm" />
      <div className="v-error__body">
        <h1 className="v-error__title">Velvet could not start</h1>
        <p className="v-error__text">{CoreErrorCodes.NoNetwork.message}</p>
      </div>
      <Button icon={<RotateCw />} onClick={() => location.reload()}>
        Try again
      </Button>
    </main>
  )
}
