import { createHmac } from 'node:crypto'
import { PAYOUT_METHODS_MAX, PayoutMethodKind, type TaxForm, tinLast4, UserRole } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { PayoutProvider, PayoutRecipient } from '../../platform/payouts/provider.ts'
import { presentMethod, presentTax } from './presenters.ts'
import type { NewPayoutMethod, PayoutsRepo } from './repo.ts'

/** Withdrawals, methods and tax settings are for creators (5301 for anyone else). */
export function assertCreator(viewer: Viewer): void {
  if (viewer.userRole !== UserRole.Creator) throw new AppError('PayoutNotCreator')
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-6)}`

/**
 * Where a creator's withdrawals go and their tax settings: payout methods (at most PAYOUT_METHODS_MAX, kept
 * by the provider's recipient token and the last digits) and the W-9 or W-8BEN (the tax id kept as its last
 * four characters and a keyed hash).
 */
export function createPayoutMethods(deps: {
  repo: PayoutsRepo
  provider: PayoutProvider
  clock: Clock
  /** Keys the tax-id hash (it is never stored in full). */
  secret: string
}) {
  const { repo, provider, clock } = deps

  const tinHash = (tin: string) =>
    createHmac('sha256', deps.secret)
      .update('payout-tin\n')
      .update(tin.replace(/[^A-Za-z0-9]/g, ''))
      .digest('hex')

  async function addMethod(
    viewer: Viewer,
    recipient: PayoutRecipient,
    shown: Omit<NewPayoutMethod, 'userId' | 'provider' | 'providerToken' | 'createdAt'>,
    makeDefault: boolean,
  ) {
    assertCreator(viewer)
    if ((await repo.countMethods(viewer.userId)) >= PAYOUT_METHODS_MAX)
      throw new AppError('PayoutMethodLimit')
    const { token } = await provider.createRecipient(recipient)
    // The count above saves a provider call when the limit is reached; this one, under the lock, decides.
    const row = await repo.insertMethod(
      {
        ...shown,
        userId: viewer.userId,
        provider: provider.name,
        providerToken: token,
        createdAt: clock.now(),
      },
      makeDefault,
      PAYOUT_METHODS_MAX,
    )
    if (!row) throw new AppError('PayoutMethodLimit')
    return presentMethod(row)
  }

  async function methodList(userId: number) {
    return { list: (await repo.methods(userId)).map(presentMethod) }
  }

  return {
    methods: (viewer: Viewer) => methodList(viewer.userId),

    saveAch(
      viewer: Viewer,
      input: {
        account_name: string
        routing_number: string
        account_number: string
        account_type: string
        make_default: boolean
      },
    ) {
      const last4 = input.account_number.slice(-4)
      return addMethod(
        viewer,
        {
          kind: 'ach',
          accountName: input.account_name,
          routingNumber: input.routing_number,
          accountNumber: input.account_number,
          accountType: input.account_type,
        },
        {
          kind: PayoutMethodKind.Ach,
          detail: `${input.account_name} ••••${last4}`,
          info: {
            account_name: input.account_name,
            routing_number: input.routing_number,
            account_last4: last4,
            account_type: input.account_type,
          },
        },
        input.make_default,
      )
    },

    savePaypal(viewer: Viewer, input: { email: string; make_default: boolean }) {
      return addMethod(
        viewer,
        { kind: 'paypal', email: input.email },
        { kind: PayoutMethodKind.PayPal, detail: input.email, info: { email: input.email } },
        input.make_default,
      )
    },

    saveUsdt(viewer: Viewer, input: { address: string; make_default: boolean }) {
      return addMethod(
        viewer,
        { kind: 'usdt', address: input.address },
        {
          kind: PayoutMethodKind.Usdt,
          detail: shortAddress(input.address),
          info: { address: input.address },
        },
        input.make_default,
      )
    },

    async setDefault(viewer: Viewer, methodId: number) {
      if (!(await repo.setDefault(viewer.userId, methodId))) throw new AppError('PayoutMethodNotFound')
      return methodList(viewer.userId)
    },

    async remove(viewer: Viewer, methodId: number) {
      if (!(await repo.removeMethod(viewer.userId, methodId, clock.now())))
        throw new AppError('PayoutMethodNotFound')
      return methodList(viewer.userId)
    },

    async tax(viewer: Viewer) {
      const row = await repo.tax(viewer.userId)
      return { tax: row ? presentTax(row) : null }
    },

    async saveTax(viewer: Viewer, form: TaxForm) {
      assertCreator(viewer)
      const common = { userId: viewer.userId, legalName: form.legal_name, updatedAt: clock.now() }
      const row =
        form.form === 'w9'
          ? {
              ...common,
              form: 'w9',
              tinType: form.tin_type,
              tinLast4: tinLast4(form.tin),
              tinHash: tinHash(form.tin),
              country: 'US',
              dateOfBirth: null,
              address: { ...form.address, region: form.address.state, country: 'US' },
              // The zod rule checked the box and the typed name before this runs.
              signatureName: form.signature,
              signedAt: common.updatedAt,
            }
          : {
              ...common,
              form: 'w8ben',
              tinType: 'foreign',
              tinLast4: tinLast4(form.foreign_tin),
              tinHash: tinHash(form.foreign_tin),
              country: form.country,
              dateOfBirth: form.date_of_birth,
              address: { ...form.address },
              signatureName: null,
              signedAt: null,
            }
      return { tax: presentTax(await repo.saveTax(row)) }
    },
  }
}
