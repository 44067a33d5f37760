import { Creator } from '@velvet/contract'
import { escapeHtml, type SandboxPageKind, sandboxPage } from '../sandbox-layout.ts'
import { DeclineReasons, DocumentTypes, type SandboxPageState } from './sandbox.ts'

export interface SandboxFormValues {
  legal_name: string
  date_of_birth: string
  document_type: string
  decision: string
  decline_reason: string
}

export type SandboxFormErrors = Partial<Record<keyof SandboxFormValues | 'document' | 'selfie', string>>

const kind: SandboxPageKind = {
  name: 'Velvet Identity Sandbox',
  mark: 'ID',
  accent: '#2456d6',
  width: '34rem',
  footer: 'Sandbox identity partner built into this server. Nothing here is a real identity check.',
  style: `input[type=text],input[type=date],select{width:100%;padding:.65rem .75rem;border:1px solid #c5ccd6;
border-radius:.5rem;font:inherit;background:#fff}input[type=file]{width:100%;font:inherit}fieldset{border:0;
padding:0;margin:0}legend{padding:0}.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.4rem 0}`,
}

const layout = (title: string, body: string) => sandboxPage(kind, title, body)

const errorOf = (errors: SandboxFormErrors, field: keyof SandboxFormErrors) =>
  errors[field] ? `<p class="error" id="${field}-error">${escapeHtml(errors[field])}</p>` : ''

const described = (errors: SandboxFormErrors, field: keyof SandboxFormErrors) =>
  errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : ''

function options(entries: [string, string][], selected: string): string {
  return entries
    .map(
      ([v, label]) =>
        `<option value="${escapeHtml(v)}"${v === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('')
}

/** The hosted verification page: who, which document, two photos, and the sandbox's decision. */
export function renderSandboxForm(values: SandboxFormValues, errors: SandboxFormErrors = {}): string {
  const decision = (value: string, label: string) =>
    `<label class="choice"><input type="radio" name="decision" value="${value}"${values.decision === value ? ' checked' : ''} required> ${label}</label>`
  const body = `
<div class="note" role="note"><strong>Sandbox.</strong> A real partner would check the document and compare
the selfie. Here you choose the decision yourself; a date of birth under 18 is always declined.</div>
${Object.keys(errors).length ? '<p class="error" role="alert">Please check the fields marked below.</p>' : ''}
<form method="post" enctype="multipart/form-data" novalidate>
<section class="card"><h2>About you</h2>
<label for="legal_name">Full legal name</label>
<input type="text" id="legal_name" name="legal_name" autocomplete="name" maxlength="${Creator.legalNameMax}"
 value="${escapeHtml(values.legal_name)}" required${described(errors, 'legal_name')}>${errorOf(errors, 'legal_name')}
<p class="hint">Exactly as printed on your document.</p>
<label for="date_of_birth">Date of birth</label>
<input type="date" id="date_of_birth" name="date_of_birth" autocomplete="bday" value="${escapeHtml(values.date_of_birth)}"
 required${described(errors, 'date_of_birth')}>${errorOf(errors, 'date_of_birth')}
</section>
<section class="card"><h2>Your document</h2>
<label for="document_type">Document type</label>
<select id="document_type" name="document_type"${described(errors, 'document_type')}>
${options(Object.entries(DocumentTypes), values.document_type)}</select>${errorOf(errors, 'document_type')}
<label for="document">Photo of the document</label>
<input type="file" id="document" name="document" accept="image/*" required${described(errors, 'document')}>
${errorOf(errors, 'document')}<p class="hint">The whole document, all four corners visible, up to 10 MB.</p>
<label for="selfie">Selfie</label>
<input type="file" id="selfie" name="selfie" accept="image/*" capture="user" required${described(errors, 'selfie')}>
${errorOf(errors, 'selfie')}<p class="hint">Your face, well lit, looking at the camera.</p>
</section>
<section class="card"><fieldset><legend><h2>Sandbox decision</h2></legend>
${decision('approve', 'Approve')}${decision('decline', 'Decline')}${errorOf(errors, 'decision')}
<label for="decline_reason">Decline reason (when declining)</label>
<select id="decline_reason" name="decline_reason"${described(errors, 'decline_reason')}>
${options(
  DeclineReasons.map((r) => [r, r]),
  values.decline_reason,
)}</select>${errorOf(errors, 'decline_reason')}
</fieldset></section>
<button type="submit">Submit for verification</button>
</form>`
  return layout('Verify your identity', body)
}

const stateTexts: Record<Exclude<SandboxPageState, 'open'>, [string, string]> = {
  missing: ['Link not valid', 'This verification link is not valid. Go back to Velvet and start again.'],
  expired: ['Link expired', 'This verification link has expired. Go back to Velvet and start a new check.'],
  submitted: ['Already submitted', 'This verification was already submitted. You can close this page.'],
}

export function renderSandboxState(state: Exclude<SandboxPageState, 'open'>): string {
  const [title, text] = stateTexts[state]
  return layout(
    title,
    `<section class="card"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></section>`,
  )
}
