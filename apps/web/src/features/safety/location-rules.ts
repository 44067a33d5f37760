import { COUNTRY_CODES, countryName, US_STATES } from '@velvet/contract'

/** One choice of a picker: a country code or a US state code, and its English name. */
export interface PlaceChoice {
  code: string
  name: string
}

export interface Place {
  country: string
  region: string | null
}

const byName = (a: PlaceChoice, b: PlaceChoice) => a.name.localeCompare(b.name, 'en')

let countries: PlaceChoice[] | null = null

/** Every country of the contract's list, by English name. */
export function countryChoices(): PlaceChoice[] {
  countries ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort(byName)
  return countries
}

/** The US states (and DC), by name. */
export function stateChoices(): PlaceChoice[] {
  return Object.entries(US_STATES)
    .map(([code, name]) => ({ code, name }))
    .sort(byName)
}

/** Lower case without accents, so "cote" finds "Côte d’Ivoire". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
}

/**
 * The choices matching what was typed: the code exactly, or a word of the name starting with it (names
 * starting with it first). An empty search gives every choice.
 */
export function searchChoices(choices: readonly PlaceChoice[], query: string): PlaceChoice[] {
  const q = fold(query)
  if (!q) return [...choices]
  const starts: PlaceChoice[] = []
  const words: PlaceChoice[] = []
  for (const choice of choices) {
    const name = fold(choice.name)
    if (choice.code.toLowerCase() === q || name.startsWith(q)) starts.push(choice)
    else if (name.split(/[\s\-’'(),.]+/).some((word) => word.startsWith(q))) words.push(choice)
  }
  return [...starts, ...words]
}

/**
 * Whether a place can be added: 'blocked' when the same place is in the list (the server refuses it with
 * 3010), 'covered' for a US state while the whole United States is blocked, otherwise null.
 */
export function blockStatus(blocked: readonly Place[], place: Place): 'blocked' | 'covered' | null {
  if (blocked.some((p) => p.country === place.country && p.region === place.region)) return 'blocked'
  if (place.region !== null && blocked.some((p) => p.country === place.country && p.region === null)) {
    return 'covered'
  }
  return null
}

/** Whether blocking `place` hides the creator's profile from visitors where `current` is. */
export function placeCovers(place: Place, current: Place | null): boolean {
  if (!current || current.country !== place.country) return false
  return place.region === null || place.region === current.region
}
