import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import {
  COUNTRY_CODES,
  countryName,
  type TaxSettings,
  US_STATES,
  W8BenForm,
  W9Certification,
  W9Form,
} from '@velvet/contract'
import { FileCheck2 } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { AddressFields } from '../../ui/AddressFields.tsx'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { SelectField } from '../../ui/SelectField.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { RequireAccount, showServerError } from '../auth/index.ts'
import { safeReturnPath } from '../payments/index.ts'
import { PayoutParams, PayoutPaths } from './paths.ts'
import { payoutKeys, usePayoutTax, useSavePayoutTax } from './payout.queries.ts'
import '../../ui/screen-kit.css'
import './payout.css'

type Form = 'w9' | 'w8ben'

/** Tax settings (W-9 for US persons, W-8BEN for everyone else), required before the first payout. */
export function TaxScreen() {
  return (
    <RequireAccount>
      <Tax />
    </RequireAccount>
  )
}

type AddressLine = 'line1' | 'line2' | 'city' | 'postal_code'

/**
 * The street, city and postal code of AddressFields, alike in both forms (they differ only in the state or
 * region and the country, which each form passes itself).
 */
function addressLines(
  register: (name: AddressLine) => UseFormRegisterReturn,
  errors: Partial<Record<AddressLine, { message?: string | undefined }>> | undefined,
) {
  return {
    line1: { field: register('line1'), error: errors?.line1?.message },
    line2: { field: register('line2') },
    city: { field: register('city'), error: errors?.city?.message },
    postalCode: { field: register('postal_code'), error: errors?.postal_code?.message },
  }
}

/** The tax forms' selects, with ids "tax-<name>". */
function Select(props: Omit<ComponentProps<typeof SelectField>, 'idPrefix'>) {
  return <SelectField idPrefix="tax" {...props} />
}

const countries = [...COUNTRY_CODES]
  .filter((c) => c !== 'US')
  .sort((a, b) => countryName(a).localeCompare(countryName(b)))

function useSaved() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: payoutKeys.all })
    void navigate(safeReturnPath(params.get(PayoutParams.back)) ?? PayoutPaths.home, { replace: true })
  }
}

function W9({ current }: { current: TaxSettings | null }) {
  const saved = useSaved()
  const saveTax = useSavePayoutTax()
  const mine = current?.form === 'w9' ? current : null
  const form = useForm({
    resolver: zodResolver(W9Form),
    defaultValues: {
      form: 'w9' as const,
      legal_name: mine?.legal_name ?? '',
      tin_type: (mine?.tin_type === 'ein' ? 'ein' : 'ssn') as 'ssn' | 'ein',
      tin: '',
      address: {
        line1: mine?.address.line1 ?? '',
        line2: mine?.address.line2 ?? '',
        city: mine?.address.city ?? '',
        state: mine?.address.region ?? '',
        postal_code: mine?.address.postal_code ?? '',
      },
      // Signed again with every change.
      certify: false,
      signature: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const tinType = form.watch('tin_type')
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveTax.mutateAsync(values)
      await saved()
    } catch (error) {
      showServerError(error, form.setError, ['legal_name', 'tin', 'certify', 'signature'])
    }
  })
  return (
    <form className="v-payout-form" onSubmit={onSubmit} noValidate aria-label="W-9">
      <TextField
        label="Legal name"
        autoComplete="name"
        error={errors.legal_name?.message}
        {...form.register('legal_name')}
      />
      <fieldset className="v-payout-choice">
        <legend className="v-payout__legend">Type of taxpayer ID</legend>
        <label>
          <input type="radio" value="ssn" {...form.register('tin_type')} /> SSN
        </label>
        <label>
          <input type="radio" value="ein" {...form.register('tin_type')} /> EIN
        </label>
      </fieldset>
      <TextField
        label={tinType === 'ein' ? 'Taxpayer ID (EIN)' : 'Taxpayer ID (SSN)'}
        inputMode="numeric"
        autoComplete="off"
        placeholder={tinType === 'ein' ? 'XX-XXXXXXX' : 'XXX-XX-XXXX'}
        hint={
          mine
            ? `On file: ending in ${mine.tin_last4}. Enter it again to save changes.`
            : 'We keep only its last four digits.'
        }
        error={errors.tin?.message}
        {...form.register('tin')}
      />
      <AddressFields
        layout="us"
        {...addressLines((name) => form.register(`address.${name}`), errors.address)}
        region={
          <Select label="State" error={errors.address?.state?.message} {...form.register('address.state')}>
            <option value="">Choose…</option>
            {Object.entries(US_STATES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </Select>
        }
      />
      <fieldset className="v-payout-certify" aria-describedby="w9-certify-text">
        <legend className="v-payout__legend">{W9Certification.title}</legend>
        <div id="w9-certify-text" className="v-payout-certify__text">
          <p>{W9Certification.intro}</p>
          <ol>
            {W9Certification.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
          <p>{W9Certification.consent}</p>
        </div>
        <label className="v-payout-check v-payout-certify__check">
          <input
            type="checkbox"
            aria-invalid={errors.certify ? true : undefined}
            aria-describedby={errors.certify ? 'w9-certify-error' : undefined}
            {...form.register('certify')}
          />
          {W9Certification.checkbox}
        </label>
        {errors.certify?.message ? (
          <p id="w9-certify-error" className="v-payout-certify__error" role="alert">
            {errors.certify.message}
          </p>
        ) : null}
        <TextField
          label={W9Certification.signatureLabel}
          autoComplete="name"
          error={errors.signature?.message}
          {...form.register('signature')}
        />
      </fieldset>
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <Button type="submit" block loading={isSubmitting}>
        Sign and save W-9
      </Button>
    </form>
  )
}

function W8Ben({ current }: { current: TaxSettings | null }) {
  const saved = useSaved()
  const saveTax = useSavePayoutTax()
  const mine = current?.form === 'w8ben' ? current : null
  const form = useForm({
    resolver: zodResolver(W8BenForm),
    defaultValues: {
      form: 'w8ben' as const,
      legal_name: mine?.legal_name ?? '',
      country: mine?.country ?? '',
      foreign_tin: '',
      date_of_birth: mine?.date_of_birth ?? '',
      address: {
        line1: mine?.address.line1 ?? '',
        line2: mine?.address.line2 ?? '',
        city: mine?.address.city ?? '',
        region: mine?.address.region ?? '',
        postal_code: mine?.address.postal_code ?? '',
        country: mine?.address.country ?? '',
      },
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveTax.mutateAsync(values)
      await saved()
    } catch (error) {
      showServerError(error, form.setError, ['legal_name', 'country', 'foreign_tin', 'date_of_birth'])
    }
  })
  const countryOptions = countries.map((code) => (
    <option key={code} value={code}>
      {countryName(code)}
    </option>
  ))
  return (
    <form className="v-payout-form" onSubmit={onSubmit} noValidate aria-label="W-8BEN">
      <TextField
        label="Legal name"
        autoComplete="name"
        error={errors.legal_name?.message}
        {...form.register('legal_name')}
      />
      <Select label="Country of citizenship" error={errors.country?.message} {...form.register('country')}>
        <option value="">Choose…</option>
        {countryOptions}
      </Select>
      <TextField
        label="Foreign tax ID"
        autoComplete="off"
        hint={
          mine
            ? `On file: ending in ${mine.tin_last4}. Enter it again to save changes.`
            : 'Your tax number at home. We keep only its last four characters.'
        }
        error={errors.foreign_tin?.message}
        {...form.register('foreign_tin')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        error={errors.date_of_birth?.message}
        {...form.register('date_of_birth')}
      />
      <AddressFields
        layout="international"
        {...addressLines((name) => form.register(`address.${name}`), errors.address)}
        region={
          <TextField
            label="Region (optional)"
            autoComplete="address-level1"
            {...form.register('address.region')}
          />
        }
        country={
          <Select
            label="Country of residence"
            error={errors.address?.country?.message}
            {...form.register('address.country')}
          >
            <option value="">Choose…</option>
            {countryOptions}
          </Select>
        }
      />
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <Button type="submit" block loading={isSubmitting}>
        Save W-8BEN
      </Button>
    </form>
  )
}

function Tax() {
  const query = usePayoutTax()
  const [chosen, setChosen] = useState<Form | null>(null)
  let content = <SkeletonRows count={3} label="Loading tax information" />
  if (query.isError && !query.data)
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data) {
    const current = query.data.tax
    const form = chosen ?? current?.form ?? 'w9'
    content = (
      <>
        {current ? (
          <p className="v-set-note" role="status">
            <FileCheck2 aria-hidden="true" />
            <span>
              {current.form === 'w9' ? 'W-9' : 'W-8BEN'} on file for {current.legal_name} (tax ID ending in{' '}
              {current.tin_last4}).
            </span>
          </p>
        ) : (
          <p className="v-set-intro">
            We need your tax information before your first payout. US persons fill in a W-9; everyone else a
            W-8BEN.
          </p>
        )}
        <fieldset className="v-payout-tabs">
          <legend className="v-visually-hidden">Tax form</legend>
          {(['w9', 'w8ben'] as const).map((value) => (
            <label key={value} className="v-payout-tabs__tab">
              <input
                type="radio"
                name="tax-form"
                className="v-visually-hidden"
                checked={form === value}
                onChange={() => setChosen(value)}
              />
              {value === 'w9' ? 'W-9 (US)' : 'W-8BEN (non-US)'}
            </label>
          ))}
        </fieldset>
        {form === 'w9' ? <W9 current={current} /> : <W8Ben current={current} />}
      </>
    )
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Tax information" fallback={PayoutPaths.home} />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
