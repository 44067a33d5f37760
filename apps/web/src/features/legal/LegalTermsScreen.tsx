import { type LegalDocument, UserRole } from '@velvet/contract'
import { ChevronRight, FileSignature, FileText, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { SETTINGS_PATH } from '../../lib/navigation.ts'
import { formatPacific, isoOf } from '../../lib/pacific-time.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { RowGroup } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { RequireAccount, useSession } from '../auth/index.ts'
import { AgreementText, useCreatorAgreement } from '../creator/index.ts'
import { useLegalDocuments } from './legal.queries.ts'
import '../../ui/screen-kit.css'
import './legal.css'

const icons = { terms: FileText, privacy: ShieldCheck, creator_agreement: FileSignature } as const

/** /manage/terms: the legal documents that apply to the account, their versions and when they were accepted. */
export function LegalTermsScreen() {
  return (
    <RequireAccount>
      <LegalTerms />
    </RequireAccount>
  )
}

function LegalTerms() {
  const query = useLegalDocuments()
  const [reading, setReading] = useState(false)

  let content = <SkeletonRows count={3} label="Loading the documents" />
  if (query.isError) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (query.data?.documents.length === 0) {
    content = (
      <EmptyState
        variant="card"
        icon={<FileText />}
        title="No documents"
        text="There are no legal documents to show for your account."
      />
    )
  } else if (query.data) {
    content = (
      <RowGroup title="Documents" footer="Acceptance times are Pacific time.">
        {query.data.documents.map((document) => (
          <DocumentRow key={document.kind} document={document} onRead={() => setReading(true)} />
        ))}
      </RowGroup>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar fallback={SETTINGS_PATH} title="Legal terms" />
      <main className="v-set-body">
        <p className="v-set-intro">
          The agreements between you and Velvet. When one changes, we tell you before the new version applies.
        </p>
        {content}
      </main>
      <AgreementSheet open={reading} onClose={() => setReading(false)} />
    </div>
  )
}

function isSameSite(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//')
}

function DocumentRow({ document, onRead }: { document: LegalDocument; onRead: () => void }) {
  const session = useSession()
  const creator = session.kind === 'account' && session.user.user_role === UserRole.Creator
  const Icon = icons[document.kind]
  const accepted =
    document.accepted_at === null ? (
      document.kind === 'creator_agreement' && !creator ? (
        'Accepted when you become a creator'
      ) : (
        'Not accepted yet'
      )
    ) : (
      <>
        Accepted <time dateTime={isoOf(document.accepted_at)}>{formatPacific(document.accepted_at)}</time>
      </>
    )
  const body = (
    <>
      <span className="v-set-row__icon" aria-hidden="true">
        <Icon />
      </span>
      <span className="v-set-row__text">
        <span className="v-set-row__title">{document.title}</span>
        <span className="v-set-row__hint">Version {document.version}</span>
        <span className="v-set-row__hint">{accepted}</span>
      </span>
      <span className="v-set-row__end">
        <ChevronRight className="v-set-row__chevron" aria-hidden="true" />
      </span>
    </>
  )
  // The creator agreement is read here; terms and privacy have their own pages.
  if (document.kind === 'creator_agreement') {
    return (
      <button type="button" className="v-set-row v-set-row--link" onClick={onRead}>
        {body}
      </button>
    )
  }
  if (!isSameSite(document.path)) {
    return (
      <a href={document.path} className="v-set-row v-set-row--link" target="_blank" rel="noreferrer">
        {body}
      </a>
    )
  }
  return (
    <Link to={document.path} className="v-set-row v-set-row--link">
      {body}
    </Link>
  )
}

function AgreementSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const query = useCreatorAgreement(open)
  return (
    <BottomSheet open={open} onClose={onClose} title={query.data?.title ?? 'Creator agreement'}>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data ? (
        <>
          <p className="v-legal__version">Version {query.data.version}</p>
          <AgreementText sections={query.data.sections} />
          <Button variant="secondary" block onClick={onClose}>
            Close
          </Button>
        </>
      ) : (
        <SkeletonRows count={3} label="Loading the agreement" />
      )}
    </BottomSheet>
  )
}
