import { Profile } from '@velvet/contract'
import { Camera } from 'lucide-react'
import { type ChangeEvent, useCallback, useId, useState } from 'react'
import { Alert } from '../../ui/Alert.tsx'
import { Avatar } from '../../ui/Avatar.tsx'
import { PortraitCropper } from './PortraitCropper.tsx'
import './edit-profile.css'
import { useObjectUrl } from '../../lib/use-object-url.ts'
import { portraitFileProblem } from '../auth/index.ts'

/**
 * The portrait of /user/edit_profile: choose a file, crop it to a square, see it in place. The cropped
 * square (`value`) is uploaded when the profile is saved.
 */
export function PortraitField({
  name,
  current,
  value,
  onChange,
}: {
  name: string
  current: string | null
  value: Blob | null
  onChange: (blob: Blob | null) => void
}) {
  const inputId = `portrait-${useId()}`
  const [cropping, setCropping] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const preview = useObjectUrl(value)
  const closeCropper = useCallback(() => setCropping(null), [])

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    event.target.value = ''
    if (!chosen) return
    const reason = portraitFileProblem(chosen)
    setProblem(reason)
    if (!reason) setCropping(chosen)
  }

  return (
    <div className="v-edit__portrait">
      <input
        id={inputId}
        className="v-visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        onChange={onChoose}
      />
      <label htmlFor={inputId} className="v-edit__portrait-target">
        <Avatar src={preview ?? current} name={name} size="xl" decorative />
        <span className="v-edit__portrait-badge" aria-hidden="true">
          <Camera />
        </span>
        <span className="v-visually-hidden">Change profile photo</span>
      </label>
      <div className="v-edit__portrait-text">
        <label htmlFor={inputId} className="v-edit__portrait-link">
          {value ? 'Choose another photo' : 'Change photo'}
        </label>
        <p className="v-edit__portrait-hint">
          {value
            ? 'Your new photo is saved with the profile.'
            : `JPEG, PNG or WebP, up to ${Profile.portraitMaxBytes / 1024 / 1024} MB.`}
        </p>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <PortraitCropper
        file={cropping}
        onCancel={closeCropper}
        onDone={(blob) => {
          onChange(blob)
          setCropping(null)
        }}
      />
    </div>
  )
}
