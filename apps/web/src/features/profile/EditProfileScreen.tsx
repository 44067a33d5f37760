import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Bio, ErrorCodes, Nickname, Profile, type SessionUser, Username } from '@velvet/contract'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { toast } from '../../ui/toast-store.ts'
import { AccountOnly, HOME_PATH, sessionStore, showServerError } from '../auth/index.ts'
import { portraitFile } from './crop-export.ts'
import {
  changedFields,
  counterText,
  type EditableProfile,
  editableOf,
  needsAvailabilityCheck,
} from './edit-rules.ts'
import { PortraitField } from './PortraitField.tsx'
import { useUpdateProfile, useUploadPortrait } from './profile.queries.ts'
import { displayName, profilePath } from './profile-rules.ts'
import { setOwnFields } from './social-cache.ts'
import { TextAreaField } from './TextAreaField.tsx'
import { availabilityQuery, UsernameField, useUsernameAvailability } from './UsernameField.tsx'
import './edit-profile.css'

const Schema = z.object({ nickname: Nickname, user_name: Username, bio: Bio })
const FIELDS = ['nickname', 'user_name', 'bio'] as const

function EditProfileForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate()
  const location = useLocation()
  const client = useQueryClient()
  const [original] = useState<EditableProfile>(() => editableOf(user))
  const [portrait, setPortrait] = useState<Blob | null>(null)
  const portraitUpload = useUploadPortrait()
  const profileSave = useUpdateProfile()
  const form = useForm<EditableProfile>({
    resolver: zodResolver(Schema),
    defaultValues: original,
    mode: 'onTouched',
  })
  const [nickname, userName, bio] = useWatch({ control: form.control, name: FIELDS })
  const availability = useUsernameAvailability(original.user_name, userName)
  const { errors, isSubmitting } = form.formState
  const changes = changedFields(original, { nickname, user_name: userName, bio })
  const nothingToSave = Object.keys(changes).length === 0 && portrait === null
  const back = original.user_name ? profilePath(original.user_name) : HOME_PATH

  /** The stored user (so the 60 s user/report carries it) and the cached own profile follow each answer. */
  const apply = (saved: SessionUser) => {
    sessionStore.setUser(saved)
    setOwnFields(client, saved)
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const edits = changedFields(original, values)
    try {
      if (edits.user_name && needsAvailabilityCheck(original.user_name, edits.user_name)) {
        const { available } = await client.fetchQuery(availabilityQuery(edits.user_name))
        if (!available) {
          form.setError(
            'user_name',
            { type: 'server', message: ErrorCodes.UsernameTaken.message },
            { shouldFocus: true },
          )
          return
        }
      }
      let saved = user
      if (portrait) {
        saved = (await portraitUpload.mutateAsync(portraitFile(portrait))).user
        apply(saved)
        setPortrait(null)
      }
      if (Object.keys(edits).length > 0) {
        saved = (await profileSave.mutateAsync(edits)).user
        apply(saved)
      }
      toast.success('Profile saved')
      void navigate(saved.user_name ? profilePath(saved.user_name) : HOME_PATH, { replace: true })
    } catch (error) {
      showServerError(error, form.setError, FIELDS)
    }
  })

  return (
    <div className="v-screen">
      <ScreenBar title="Edit profile" fallback={back} />
      <form className="v-edit" onSubmit={onSubmit} noValidate>
        <PortraitField
          name={displayName({ nickname, user_name: userName })}
          current={user.portrait}
          value={portrait}
          onChange={setPortrait}
        />
        <TextField
          {...form.register('nickname')}
          label="Display name"
          autoComplete="nickname"
          maxLength={Profile.nicknameMax}
          hint="The name people see on your profile, posts and messages."
          error={errors.nickname?.message}
        />
        <UsernameField
          {...form.register('user_name')}
          current={original.user_name}
          value={userName}
          status={availability}
          error={errors.user_name?.message}
        />
        <TextAreaField
          {...form.register('bio')}
          label="Bio"
          rows={5}
          placeholder="Tell people what you're about"
          counter={{ text: counterText(bio.length, Profile.bioMax), over: bio.length > Profile.bioMax }}
          error={errors.bio?.message}
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <div className="v-edit__actions">
          <Button
            type="submit"
            block
            loading={isSubmitting}
            disabled={nothingToSave || availability === 'taken'}
          >
            Save
          </Button>
          <Button
            block
            variant="ghost"
            disabled={isSubmitting}
            onClick={() =>
              void (location.key !== 'default' ? navigate(-1) : navigate(back, { replace: true }))
            }
          >
            Cancel
          </Button>
        </div>
      </form>
    </div>
  )
}

/**
 * /user/edit_profile: portrait (cropped here, uploaded on save), display name, username (rules, live
 * availability, 30-day redirect note) and bio. Save sends only what changed, then opens the profile.
 */
export function EditProfileScreen() {
  return <AccountOnly>{(user) => <EditProfileForm user={user} />}</AccountOnly>
}
