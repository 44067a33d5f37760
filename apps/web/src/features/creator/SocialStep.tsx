import { zodResolver } from '@hookform/resolvers/zod'
import {
  Creator,
  type CreatorAudit,
  SocialPlatform,
  SocialPlatformLabels,
  setCreatorSocial,
} from '@velvet/contract'
import { useForm } from 'react-hook-form'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { showServerError } from '../auth/index.ts'
import { useSetCreatorSocial } from './creator.queries.ts'

const schema = setCreatorSocial.input

/** Step 2: where the creator already publishes, with an optional handle. */
export function SocialStep({
  audit,
  onDone,
}: {
  audit: CreatorAudit
  onDone: (audit: CreatorAudit) => void
}) {
  const saveSocial = useSetCreatorSocial()
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { platform: audit.social_platform ?? 'instagram', handle: audit.social_handle ?? '' },
  })
  const platform = form.watch('platform')
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onDone(
        await saveSocial.mutateAsync({
          ...values,
          handle: values.platform === 'none' ? '' : values.handle,
        }),
      )
    } catch (error) {
      showServerError(error, form.setError, ['platform', 'handle'])
    }
  })

  return (
    <form className="v-audit-step" onSubmit={onSubmit} noValidate>
      <div className="v-audit-step__head">
        <h2 className="v-audit-step__title">Where do you post today?</h2>
        <p className="v-audit-step__text">
          Tell us where your audience already follows you. It helps us welcome you and spot impersonators.
        </p>
      </div>
      <fieldset className="v-audit-options">
        <legend className="v-visually-hidden">Your main platform</legend>
        {SocialPlatform.options.map((option) => (
          <label key={option} className="v-audit-option">
            <input type="radio" value={option} {...form.register('platform')} />
            <span>{SocialPlatformLabels[option]}</span>
          </label>
        ))}
      </fieldset>
      {platform === 'none' ? null : (
        <TextField
          label="Your handle or profile link (optional)"
          placeholder="@yourname"
          autoComplete="off"
          maxLength={Creator.socialHandleMax}
          error={errors.handle?.message}
          {...form.register('handle')}
        />
      )}
      {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
      <Button type="submit" block loading={isSubmitting}>
        Continue
      </Button>
    </form>
  )
}
