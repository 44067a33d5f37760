import { Profile } from '@velvet/contract'
import { Camera, ImagePlus } from 'lucide-react'
import { type ChangeEvent, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { messageOf } from '../../../lib/api/errors.ts'
import { Alert } from '../../../ui/Alert.tsx'
import { Button } from '../../../ui/Button.tsx'
import { redirectFrom } from '../redirect.ts'
import { StepShell } from '../StepShell.tsx'
import { sessionStore, useSession } from '../session.ts'
import { signupFlow } from '../signup-flow.ts'
import { useSteps } from '../use-steps.ts'
import { SIGNUP_PROGRESS_TOTAL } from './BirthdayStep.tsx'
import './PictureStep.css'
import { useObjectUrl } from '../../../lib/use-object-url.ts'
import { portraitFileProblem } from '../portrait-file.ts'
import { useUploadPortrait } from './login.queries.ts'

/** #step_7: profile picture, previewed as the square the server will crop; may be skipped. */
export function PictureStep() {
  const { search } = useSteps()
  const navigate = useNavigate()
  const session = useSession()
  const inputId = `portrait-${useId()}`
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const preview = useObjectUrl(file)
  const upload = useUploadPortrait()
  const existing = session.kind === 'account' ? session.user.portrait : null
  const shown = preview ?? existing

  const finish = () => {
    signupFlow.clear()
    void navigate(redirectFrom(search), { replace: true })
  }

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    event.target.value = ''
    if (!chosen) return
    const reason = portraitFileProblem(chosen)
    setProblem(reason)
    setFile(reason ? null : chosen)
  }

  const onSave = async () => {
    if (!file) return
    try {
      const { user } = await upload.mutateAsync(file)
      sessionStore.setUser(user)
      finish()
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  return (
    <StepShell
      title="Add a profile picture"
      description="A clear photo helps fans and creators recognise you."
      progress={{ current: 4, total: SIGNUP_PROGRESS_TOTAL }}
    >
      <div className="v-form">
        <div className="v-portrait-picker">
          <input
            id={inputId}
            className="v-visually-hidden v-portrait-picker__input"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic"
            onChange={onChoose}
          />
          <label htmlFor={inputId} className="v-portrait-picker__target">
            <span className="v-portrait-picker__frame" data-filled={shown ? '' : undefined}>
              {shown ? <img src={shown} alt="Your new portrait" /> : <ImagePlus aria-hidden="true" />}
            </span>
            <span className="v-portrait-picker__badge" aria-hidden="true">
              <Camera />
            </span>
            <span className="v-visually-hidden">{shown ? 'Choose another photo' : 'Choose a photo'}</span>
          </label>
          <p className="v-portrait-picker__hint">
            JPEG, PNG or WebP, up to {Profile.portraitMaxBytes / 1024 / 1024} MB. We crop it to a square.
          </p>
        </div>
        {problem ? <Alert>{problem}</Alert> : null}
        <div className="v-form__actions">
          {file ? (
            <Button block loading={upload.isPending} onClick={onSave}>
              Save and continue
            </Button>
          ) : existing ? (
            <Button block onClick={finish}>
              Continue
            </Button>
          ) : (
            <Button block icon={<ImagePlus />} onClick={() => document.getElementById(inputId)?.click()}>
              Choose a photo
            </Button>
          )}
          {existing && !file ? null : (
            <Button block variant="ghost" onClick={finish} disabled={upload.isPending}>
              Skip for now
            </Button>
          )}
        </div>
      </div>
    </StepShell>
  )
}
