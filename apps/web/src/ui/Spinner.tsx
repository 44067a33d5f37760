import './Spinner.css'

export function Spinner({ size = 'md', label = 'Loading' }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`v-spinner v-spinner--${size}`} role="status">
      <span className="v-visually-hidden">{label}</span>
    </span>
  )
}

/**
 * Full-screen loader (spec §2 overlays: page loader 'Loading'). `overlay` lays it over the current screen
 * (a blocking action) instead of taking the screen's place.
 */
export function PageLoader({ label = 'Loading', overlay = false }: { label?: string; overlay?: boolean }) {
  return (
    <div className={overlay ? 'v-page-loader v-page-loader--overlay' : 'v-page-loader'}>
      <Spinner size="lg" label={label} />
      <p className="v-page-loader__label" aria-hidden="true">
        {label}
      </p>
    </div>
  )
}
