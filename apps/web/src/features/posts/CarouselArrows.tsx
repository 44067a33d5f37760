import { ChevronLeft, ChevronRight } from 'lucide-react'

/**
 * The previous and next arrows of a row of slides (a post's carousel, the photo viewer): each disabled at
 * its end. `className` is the arrows' class; each also gets `<className>--prev` or `--next`.
 */
export function CarouselArrows({
  index,
  count,
  onGo,
  className,
  noun,
}: {
  index: number
  count: number
  onGo: (index: number) => void
  className: string
  /** "photo": "Previous photo" (else "Previous"). */
  noun?: string
}) {
  const label = (word: string) => (noun ? `${word} ${noun}` : word)
  return (
    <>
      <button
        type="button"
        className={`${className} ${className.split(' ').at(-1)}--prev`}
        aria-label={label('Previous')}
        disabled={index === 0}
        onClick={() => onGo(index - 1)}
      >
        <ChevronLeft aria-hidden="true" />
      </button>
      <button
        type="button"
        className={`${className} ${className.split(' ').at(-1)}--next`}
        aria-label={label('Next')}
        disabled={index === count - 1}
        onClick={() => onGo(index + 1)}
      >
        <ChevronRight aria-hidden="true" />
      </button>
    </>
  )
}
