import type { z } from 'zod'

/**
 * localStorage / sessionStorage access that never throws (private mode, quota, disabled storage) and
 * parses stored JSON with a schema, so a stale or hand-edited value is treated as absent.
 */
function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage
  } catch {
    return null
  }
}

export function readJson<S extends z.ZodType>(
  key: string,
  schema: S,
  kind: 'local' | 'session' = 'local',
): z.output<S> | null {
  try {
    const raw = area(kind)?.getItem(key)
    if (raw == null) return null
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function writeJson(key: string, value: unknown, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.setItem(key, JSON.stringify(value))
  } catch {
    // Storage unavailable: the value simply is not kept.
  }
}

export function removeItem(key: string, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.removeItem(key)
  } catch {
    // Nothing to remove.
  }
}
