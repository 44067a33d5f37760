import { usePromptMessage } from './prompt-store.ts'
import './Prompt.css'

/** Where `prompt.show()` messages appear: the middle of the screen, announced politely. */
export function PromptViewport() {
  const message = usePromptMessage()
  return (
    <div className="v-prompt-viewport" role="status" aria-live="polite">
      {message ? <p className="v-prompt">{message}</p> : null}
    </div>
  )
}
