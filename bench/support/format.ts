/** Number formats of the benchmark reports. */

export const ms = (v: number) => v.toFixed(2)
export const rps = (v: number) => Math.round(v).toLocaleString('en-US')
export const ratio = (v: number) => (Number.isFinite(v) ? (v < 0.1 ? v.toFixed(3) : v.toFixed(2)) : 'n/a')
export const percent = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)} %` : 'n/a')
