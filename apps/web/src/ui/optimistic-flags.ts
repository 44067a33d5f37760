/** Pure helpers of the optimistic switches (adult content, e-mail categories). */
export type Flags<K extends string> = Record<K, boolean>
export type FlagPatch<K extends string> = Partial<Record<K, boolean>>

/** The flags with the patch applied (what the screen shows while the change is on its way). */
export function applyPatch<K extends string>(current: Flags<K>, patch: FlagPatch<K>): Flags<K> {
  const next = { ...current }
  for (const key of Object.keys(patch) as K[]) {
    const value = patch[key]
    if (value !== undefined) next[key] = value
  }
  return next
}

/**
 * A failed change is undone for the keys it touched only: other switches changed meanwhile keep their
 * new values.
 */
export function revertPatch<K extends string>(
  current: Flags<K>,
  patch: FlagPatch<K>,
  previous: Flags<K>,
): Flags<K> {
  const next = { ...current }
  for (const key of Object.keys(patch) as K[]) next[key] = previous[key]
  return next
}

/**
 * The server's answer replaces the shown flags, except keys still being changed by a later request
 * (its answer will settle them).
 */
export function settleAnswer<K extends string>(
  current: Flags<K>,
  answer: Flags<K>,
  pendingKeys: ReadonlySet<K>,
): Flags<K> {
  const next = { ...answer }
  for (const key of pendingKeys) next[key] = current[key]
  return next
}
