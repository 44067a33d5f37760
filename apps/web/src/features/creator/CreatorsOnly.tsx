import { Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { creatorRoutes } from './routes.ts'

/**
 * What a creator screen shows an account that is not a creator (yet): what the screen is for and the way to
 * become one, instead of the creator's tools working on an empty account.
 */
export function CreatorsOnly({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState
      variant="card"
      icon={<Sparkles />}
      title={title}
      text={text}
      action={
        <Link to={creatorRoutes.creatorAudit.path} className={buttonClassName({ size: 'md' })}>
          Become a creator
        </Link>
      }
    />
  )
}
