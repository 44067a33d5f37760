/** A positive number setting of a bench from the environment, at most `max`; `fallback` when unset. */
export function envNumber(name: string, fallback: number, max: number, options = { integer: true }): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  const valid = options.integer ? Number.isInteger(value) : Number.isFinite(value)
  if (!valid || value <= 0 || value > max) {
    throw new Error(`${name} must be ${options.integer ? 'an integer' : 'a number'} in (0, ${max}]`)
  }
  return value
}
