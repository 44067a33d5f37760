import { parseCaption } from '@velvet/contract'
import { type Ref, type RefObject, useId, useLayoutEffect, useRef } from 'react'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import { captionCounter } from './composer-rules.ts'
import '../../ui/TextField.css'

/** Grows the text area with its text (no inner scrollbar, so the highlight layer always lines up). */
function useAutoHeight(textarea: RefObject<HTMLTextAreaElement | null>, value: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height is measured again whenever the text changes
  useLayoutEffect(() => {
    const element = textarea.current
    if (!element) return
    element.style.height = 'auto'
    element.style.height = `${element.scrollHeight}px`
  }, [textarea, value])
}

/**
 * The caption: a text area over a mirror of its text in which @mentions and #hashtags are highlighted (the
 * same parser as the post card, so both mark the same words), with a live character count.
 */
export function CaptionField({
  value,
  onChange,
  error,
  ref,
}: {
  value: string
  onChange(value: string): void
  error: string | undefined
  ref?: Ref<HTMLTextAreaElement>
}) {
  const id = useId()
  const messageId = `${id}-message`
  const textarea = useRef<HTMLTextAreaElement | null>(null)
  useAutoHeight(textarea, value)
  const counter = captionCounter(value)
  const parts = parseCaption(value)

  return (
    <div className="v-field v-caption" data-invalid={error ? '' : undefined}>
      <div className="v-caption__labels">
        <label className="v-field__label" htmlFor={id}>
          Caption
        </label>
        <span className="v-caption__counter" data-over={counter.over || undefined}>
          <span className="v-visually-hidden">Characters used: </span>
          {counter.text}
        </span>
      </div>
      <div className="v-field__control v-caption__control">
        <div className="v-caption__mirror" aria-hidden="true">
          {parts.map((part, index) =>
            part.kind === 'text' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
              <span key={index}>{part.text}</span>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
              <mark key={index} className="v-caption__token">
                {part.text}
              </mark>
            ),
          )}
          {/* A trailing newline needs a character after it to take its line. */}
          {'\u200b'}
        </div>
        <textarea
          ref={(element) => {
            textarea.current = element
            if (typeof ref === 'function') ref(element)
            else if (ref) ref.current = element
          }}
          id={id}
          className="v-caption__input"
          rows={3}
          value={value}
          placeholder="Write a caption… Mention with @name, tag with #topic"
          spellCheck
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <FieldMessage id={messageId} error={error} />
    </div>
  )
}
