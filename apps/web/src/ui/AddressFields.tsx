import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldPair } from './FieldPair.tsx'
import { TextField } from './TextField.tsx'

interface Line {
  field: UseFormRegisterReturn
  error?: string | undefined
}

/**
 * A postal address: street, apartment, city and postal code, in the order and with the autocomplete names
 * browsers fill. `us` pairs the state (a select, given as `region`) with the ZIP code; `international`
 * pairs city and postal code and adds the optional region and the country (its select, given as `country`).
 */
export function AddressFields({
  layout,
  line1,
  line2,
  city,
  postalCode,
  region,
  country,
}: {
  layout: 'us' | 'international'
  line1: Line
  line2: Line
  city: Line
  postalCode: Line
  region: ReactNode
  country?: ReactNode
}) {
  const street = (
    <>
      <TextField label="Street address" autoComplete="address-line1" error={line1.error} {...line1.field} />
      <TextField label="Apartment, suite (optional)" autoComplete="address-line2" {...line2.field} />
    </>
  )
  const cityField = (
    <TextField label="City" autoComplete="address-level2" error={city.error} {...city.field} />
  )
  if (layout === 'us') {
    return (
      <>
        {street}
        {cityField}
        <FieldPair>
          {region}
          <TextField
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            error={postalCode.error}
            {...postalCode.field}
          />
        </FieldPair>
      </>
    )
  }
  return (
    <>
      {street}
      <FieldPair>
        {cityField}
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          error={postalCode.error}
          {...postalCode.field}
        />
      </FieldPair>
      {region}
      {country}
    </>
  )
}
