/** spec §9: the new-feature dialog shows once (flag sdnfdv2), and only before the cut-off of show_settings. */
export function shouldShowNewFeature(input: {
  now: number
  until: string | undefined
  seen: boolean
}): boolean {
  if (input.seen || !input.until) return false
  const cutOff = Date.parse(input.until)
  return Number.isFinite(cutOff) && input.now < cutOff
}
