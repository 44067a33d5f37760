import './AdultTip.css'

/** The 18+ tip: a mark and one line saying the content is for adults only. */
export function AdultTip({ text = 'Adults only. You must be 18 or older to enter.' }: { text?: string }) {
  return (
    <p className="v-adult-tip">
      <span className="v-adult-tip__mark" aria-hidden="true">
        18+
      </span>
      <span>{text}</span>
    </p>
  )
}

/** The large 18+ mark of the age gate and the adult-content popup. */
export function AdultMark() {
  return (
    <span className="v-adult-mark" aria-hidden="true">
      18+
    </span>
  )
}
