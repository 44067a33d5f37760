import { zodResolver } from '@hookform/resolvers/zod'
import { Creator, type CreatorAudit, setCreatorReferrer } from '@velvet/contract'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { showServerError, useSession } from '../auth/index.ts'
import { useSetCreatorReferrer } from './creator.queries.ts'

/** The contract's rule for the code, plus: a "yes" needs one. */
const schema = z
  .object({ referred: z.enum(['yes', 'no']), code: setCreatorReferrer.input.shape.code })
  .refine((v) => v.referred === 'no' || v.code.length > 0, {
    path: ['code'],
    message: 'Enter their referral code or username.',
  })

/** Step 3: did another creator invite you (their referral code or username)? */
export function ReferrerStep({
  audit,
  onDone,
}: {
  audit: CreatorAudit
  onDone: (audit: CreatorAudit) => void
}) {
  const session = useSession()
  const saveReferrer = useSetCreatorReferrer()
  // A sign-up through /ref/{code} already knows the referrer: offer it.
  const known = audit.referrer_code ?? (session.kind === 'account' ? session.user.referrer_code : null) ?? ''
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { referred: known ? 'yes' : 'no', code: known },
  })
  const referred = form.watch('referred')
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ referred: answer, code }) => {
    try {
      const yes = answer === 'yes'
      onDone(await saveReferrer.mutateAsync({ referred: yes, code: yes ? code : '' }))
    } catch (error) {
      showServerError(error, form.setError, ['code'])
    }
  })

  return (
    <form className="v-audit-step" onSubmit={onSubmit} noValidate>
      <div className="v-audit-step__head">
        <h2 className="v-audit-step__title">Did another creator invite you?</h2>
        <p className="v-audit-step__text">
          If a creator referred you, they earn a share of Velvet’s part of your sales. It never changes what
          you earn.
        </p>
      </div>
      <fieldset className="v-audit-options v-audit-options--row">
        <legend className="v-visually-hidden">Did another creator invite you?</legend>
        <label className="v-audit-option">
          <input type="radio" value="yes" {...form.register('referred')} />
          <span>Yes</span>
        </label>
        <label className="v-audit-option">
          <input type="radio" value="no" {...form.register('referred')} />
          <span>No</span>
        </label>
      </fieldset>
      {referred === 'yes' ? (
        <TextField
          label="Their referral code or username"
          autoComplete="off"
          autoCapitalize="off"
          maxLength={Creator.referrerCodeMax}
          error={errors.code?.message}
          {...form.register('code')}
        />
      ) : null}
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <Button type="submit" block loading={isSubmitting}>
        Continue
      </Button>
    </form>
  )
}
