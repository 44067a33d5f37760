import { type Transaction, TransactionTexts } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TransactionRow } from './TransactionRow.tsx'

const fan = { user_id: 5, user_name: 'omar', nickname: 'Omar Quinn', portrait: null, verified: false }

const row = (fields: Partial<Transaction>): Transaction => ({
  id: '1',
  kind: 'gift',
  role: 'seller',
  title: 'Tip received in chat',
  time: 1_780_000_000,
  amount: 200,
  unit: 'usd_cents',
  counterparty: fan,
  sale: 'chat_tip',
  post_id: null,
  link: null,
  message: null,
  lines: [],
  ...fields,
})

const html = (item: Transaction) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <TransactionRow item={item} />
      </ul>
    </MemoryRouter>,
  )

describe('a statement line', () => {
  it("shows a chat tip with the fan's words and a link to the conversation", () => {
    const markup = html(
      row({
        message: 'for the song',
        link: {
          kind: 'conversation',
          label: TransactionTexts.links.conversation,
          path: '/chatRoom?u1=9&u2=5',
        },
      }),
    )
    expect(markup).toContain('Tip received in chat')
    expect(markup).toContain('“for the song”')
    expect(markup).toMatch(/href="\/chatRoom\?u1=9&amp;u2=5"[^>]*>Open conversation<\/a>/)
    expect(markup).not.toContain('View post')
  })

  it('shows a payout sent by what was sent, not US$0.00', () => {
    const markup = html(
      row({
        kind: 'payout_paid',
        role: 'owner',
        title: TransactionTexts.payoutPaid,
        amount: 0,
        counterparty: null,
        sale: null,
        lines: [
          { key: 'amount', label: 'Amount', amount: 2_000, unit: 'usd_cents' },
          { key: 'payout_fee', label: 'Payout fee', amount: -25, unit: 'usd_cents' },
          { key: 'net', label: 'Net', amount: 1_975, unit: 'usd_cents' },
        ],
      }),
    )
    expect(markup).toContain(TransactionTexts.sent('US$19.75'))
    expect(markup).not.toContain('US$0.00')
  })
})
