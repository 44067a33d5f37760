import { Search, X } from 'lucide-react'
import { useState } from 'react'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { TextField } from '../../ui/TextField.tsx'
import { SEARCH_MAX, searchTerm } from './people-rules.ts'

/** What the search box holds, and the debounced term the list asks the server for. */
export function useSearch(delayMs = 300) {
  const [text, setText] = useState('')
  const q = searchTerm(useDebouncedValue(text, delayMs))
  return { text, setText, q }
}

/** A search box for a people list (the label is for screen readers; the placeholder says it too). */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <search className="v-search">
      <TextField
        type="search"
        label={label}
        hideLabel
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={SEARCH_MAX}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        leading={<Search />}
        trailing={
          value ? (
            <button
              type="button"
              className="v-icon-button v-icon-button--muted"
              aria-label="Clear search"
              onClick={() => onChange('')}
            >
              <X aria-hidden="true" />
            </button>
          ) : null
        }
      />
    </search>
  )
}
