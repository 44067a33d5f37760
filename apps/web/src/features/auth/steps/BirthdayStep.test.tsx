import { latestAdultBirthYear } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { BirthdayStep } from './BirthdayStep.tsx'

/** The years the birthday step offers, in the order of its year list. */
function offeredYears(): number[] {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <BirthdayStep />
    </MemoryRouter>,
  )
  const yearSelect = html.slice(html.indexOf('>Year<'))
  return [...yearSelect.matchAll(/<option value="(\d{4})"/g)].map((match) => Number(match[1]))
}

describe('the sign-up birthday step', () => {
  it('starts its year list at the latest year an adult can be born in, not at this year', () => {
    const years = offeredYears()
    expect(years[0]).toBe(latestAdultBirthYear())
    expect(years[0]).toBe(new Date().getUTCFullYear() - 18)
    expect(years).not.toContain(new Date().getUTCFullYear())
    expect(years.at(-1)).toBe(1900)
  })
})
