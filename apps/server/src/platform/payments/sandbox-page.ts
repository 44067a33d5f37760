import { formatUsd, SandboxTestCards } from '@velvet/contract'
import { escapeHtml, type SandboxPageKind, sandboxPage } from '../sandbox-layout.ts'
import type { SandboxPageState } from './sandbox.ts'

export interface CardFormValues {
  /** Kept between tries; the card number and CVC never are (nor logged, nor echoed). */
  exp: string
  name: string
}

export type CardFormErrors = Partial<Record<'card_number' | 'exp' | 'cvc', string>>

const kind: SandboxPageKind = {
  name: 'Velvet Payments Sandbox',
  mark: '$',
  accent: '#17805a',
  width: '30rem',
  footer: 'Sandbox card provider built into this server. No real card is charged.',
  style: `input{width:100%;padding:.65rem .75rem;border:1px solid #c5ccd6;border-radius:.5rem;font:inherit;
background:#fff}.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}table{width:100%;border-collapse:collapse;
font-size:.88rem}td{padding:.3rem 0;border-top:1px solid #e3e7ee}td:first-child{font-family:ui-monospace,monospace;
white-space:nowrap;padding-right:.75rem}form button{margin-top:1rem}button.secondary{background:#fff;color:#b3261e;
border:1px solid #b3261e}.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}`,
}

const layout = (title: string, body: string) => sandboxPage(kind, title, body)

const errorOf = (errors: CardFormErrors, field: keyof CardFormErrors) =>
  errors[field] ? `<p class="error" id="${field}-error">${escapeHtml(errors[field])}</p>` : ''
const described = (errors: CardFormErrors, field: keyof CardFormErrors) =>
  errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : ''

const testCards = () =>
  `<table><tbody>${SandboxTestCards.map(
    (c) => `<tr><td>${escapeHtml(c.number)}</td><td>${escapeHtml(c.outcome)}</td></tr>`,
  ).join('')}</tbody></table><p class="hint">Any future expiry date, any CVC.</p>`

/** The hosted card form: number, expiry, CVC. Posted to the sandbox only; our API never sees the number. */
export function renderCardForm(values: CardFormValues, errors: CardFormErrors = {}): string {
  const body = `
<div class="note" role="note"><strong>Sandbox.</strong> Use a test card below; a real provider would host
this form on its own site.</div>
${Object.keys(errors).length ? '<p class="error" role="alert">Please check the fields marked below.</p>' : ''}
<form method="post" novalidate autocomplete="on">
<section class="card"><h2>Add a card</h2>
<label for="card_number">Card number</label>
<input type="text" id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number"
 maxlength="23" placeholder="4242 4242 4242 4242" required${described(errors, 'card_number')}>${errorOf(errors, 'card_number')}
<div class="row"><div><label for="exp">Expiry (MM / YY)</label>
<input type="text" id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="12 / 34"
 value="${escapeHtml(values.exp)}" required${described(errors, 'exp')}>${errorOf(errors, 'exp')}</div>
<div><label for="cvc">CVC</label>
<input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"
 required${described(errors, 'cvc')}>${errorOf(errors, 'cvc')}</div></div>
<label for="name">Name on card (optional)</label>
<input type="text" id="name" name="name" autocomplete="cc-name" maxlength="100" value="${escapeHtml(values.name)}">
<button type="submit">Save card</button>
</section></form>
<section class="card"><h2>Test cards</h2>${testCards()}</section>`
  return layout('Add a card', body)
}

/** The hosted 3DS challenge: the card holder completes or fails the authentication. */
export function renderChallenge(amountCents: number): string {
  const body = `
<div class="note" role="note"><strong>Sandbox.</strong> Your bank would ask you to confirm this payment
here. Choose the outcome.</div>
<section class="card"><h2>Confirm your payment</h2>
<p>Velvet asks to charge your card</p><p class="amount">${escapeHtml(formatUsd(amountCents))}</p>
<form method="post"><button type="submit" name="action" value="complete">Complete authentication</button>
<button type="submit" name="action" value="fail" class="secondary">Fail authentication</button></form>
</section>`
  return layout('Confirm your payment', body)
}

const stateTexts: Record<Exclude<SandboxPageState, 'open'>, [string, string]> = {
  missing: ['Link not valid', 'This payment link is not valid. Go back to Velvet and try again.'],
  expired: ['Link expired', 'This link has expired. Go back to Velvet and start again.'],
  done: ['Already done', 'This step is already finished. Go back to Velvet.'],
}

export function renderPaymentsState(state: Exclude<SandboxPageState, 'open'>): string {
  const [title, text] = stateTexts[state]
  return layout(
    title,
    `<section class="card"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></section>`,
  )
}
