/** Dates are shown in Pacific time (spec §9), with the zone named so nobody reads them as local time. */
const PACIFIC = 'America/Los_Angeles'

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

const dateOnly = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})

/** "Nov 14, 2023, 2:13 PM PT" from Unix seconds. */
export function formatPacific(seconds: number): string {
  return `${dateTime.format(new Date(seconds * 1000))} PT`
}

/** "Nov 14, 2023" (Pacific calendar day) from Unix seconds. */
export function formatPacificDate(seconds: number): string {
  return dateOnly.format(new Date(seconds * 1000))
}

/** The ISO form for a <time dateTime> attribute. */
export function isoOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString()
}
