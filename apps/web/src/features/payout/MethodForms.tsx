import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { AchInput, PayoutRules, savePayoutPaypal, savePayoutUsdt } from '@velvet/contract'
import type { ReactNode } from 'react'
import { type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { RequireAccount, showServerError } from '../auth/index.ts'
import { safeReturnPath } from '../payments/index.ts'
import { PayoutParams, PayoutPaths } from './paths.ts'
import { payoutKeys, useSavePayoutAch, useSavePayoutPaypal, useSavePayoutUsdt } from './payout.queries.ts'
import '../../ui/screen-kit.css'
import './payout.css'

function MethodFormScreen({
  title,
  intro,
  children,
}: {
  title: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <RequireAccount>
      <div className="v-screen">
        <ScreenBar title={title} fallback={PayoutPaths.methods} />
        <main className="v-set-body">
          <p className="v-set-intro">{intro}</p>
          {children}
        </main>
      </div>
    </RequireAccount>
  )
}

/** After saving: back where the creator came from (the withdraw screen by default). */
function useDone() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: payoutKeys.all })
    void navigate(safeReturnPath(params.get(PayoutParams.back)) ?? PayoutPaths.home, { replace: true })
  }
}

function DefaultSwitch({ field }: { field: UseFormRegisterReturn }) {
  return (
    <label className="v-payout-check">
      <input type="checkbox" {...field} />
      <span>Use for withdrawals by default</span>
    </label>
  )
}

/** /pay/payout/ach: a US bank account; only its last four digits are kept. */
export function AchScreen() {
  const saveAch = useSavePayoutAch()
  const done = useDone()
  const form = useForm({
    resolver: zodResolver(AchInput),
    defaultValues: {
      account_name: '',
      routing_number: '',
      account_number: '',
      account_type: 'checking' as const,
      make_default: true,
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveAch.mutateAsync(values)
      await done()
    } catch (error) {
      showServerError(error, form.setError, ['account_name', 'routing_number', 'account_number'])
    }
  })
  return (
    <MethodFormScreen
      title="Bank account (ACH)"
      intro="Withdrawals to a US bank account have no fee and arrive in 2-5 business days."
    >
      <form className="v-payout-form" onSubmit={onSubmit} noValidate aria-label="Bank account">
        <TextField
          label="Name on the account"
          autoComplete="name"
          maxLength={PayoutRules.achNameMax}
          hint={`Up to ${PayoutRules.achNameMax} letters, spaces and / ( ) & ' -`}
          error={errors.account_name?.message}
          {...form.register('account_name')}
        />
        <TextField
          label="Routing number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          hint="Nine digits, printed at the bottom left of a check."
          error={errors.routing_number?.message}
          {...form.register('routing_number')}
        />
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
          error={errors.account_number?.message}
          {...form.register('account_number')}
        />
        <fieldset className="v-payout-choice">
          <legend className="v-payout__legend">Account type</legend>
          <label>
            <input type="radio" value="checking" {...form.register('account_type')} /> Checking
          </label>
          <label>
            <input type="radio" value="savings" {...form.register('account_type')} /> Savings
          </label>
        </fieldset>
        <DefaultSwitch field={form.register('make_default')} />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" block loading={isSubmitting}>
          Save bank account
        </Button>
      </form>
    </MethodFormScreen>
  )
}

/** /pay/payout/paypal: a PayPal account by e-mail. */
export function PaypalScreen() {
  const savePaypal = useSavePayoutPaypal()
  const done = useDone()
  const form = useForm({
    resolver: zodResolver(savePayoutPaypal.input),
    defaultValues: { email: '', make_default: true },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await savePaypal.mutateAsync(values)
      await done()
    } catch (error) {
      showServerError(error, form.setError, ['email'])
    }
  })
  return (
    <MethodFormScreen
      title="PayPal"
      intro="The fee is US$0.25 for US accounts and 2% (at most US$20) elsewhere."
    >
      <form className="v-payout-form" onSubmit={onSubmit} noValidate aria-label="PayPal">
        <TextField
          label="PayPal e-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <DefaultSwitch field={form.register('make_default')} />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" block loading={isSubmitting}>
          Save PayPal
        </Button>
      </form>
    </MethodFormScreen>
  )
}

/** /pay/payout/usdt: a USDT address on the TRON network (TRC20). */
export function UsdtScreen() {
  const saveUsdt = useSavePayoutUsdt()
  const done = useDone()
  const form = useForm({
    resolver: zodResolver(savePayoutUsdt.input),
    defaultValues: { address: '', make_default: true },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveUsdt.mutateAsync(values)
      await done()
    } catch (error) {
      showServerError(error, form.setError, ['address'])
    }
  })
  return (
    <MethodFormScreen
      title="USDT (TRC20)"
      intro="Only a USDT address on the TRON network (it starts with T). The fee is US$3.00."
    >
      <form className="v-payout-form" onSubmit={onSubmit} noValidate aria-label="USDT address">
        <TextField
          label="TRC20 address"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={34}
          hint="34 characters, starting with T."
          error={errors.address?.message}
          {...form.register('address')}
        />
        <DefaultSwitch field={form.register('make_default')} />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" block loading={isSubmitting}>
          Save address
        </Button>
      </form>
    </MethodFormScreen>
  )
}
