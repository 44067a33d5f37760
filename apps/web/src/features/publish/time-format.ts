/** The browser's time zone, e.g. "Europe/Berlin (GMT+1)". */
export function timeZoneLabel(date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const offset = new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value
  return offset && offset !== zone ? `${zone} (${offset})` : zone
}

const whenFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/**
 * A scheduled time in the creator's own time zone, as they picked it: "Fri, Nov 27, 9:00 PM GMT+1". The
 * rest of the app shows Pacific time (spec §9); a schedule is the creator's own clock.
 */
export function scheduleText(seconds: number): string {
  return whenFormat.format(new Date(seconds * 1000))
}
