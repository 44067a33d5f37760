const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** A file size in the K/M/G style of the app: "812 KB", "4.2 MB", "1.5 GB". */
export function abbreviateBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`
}
