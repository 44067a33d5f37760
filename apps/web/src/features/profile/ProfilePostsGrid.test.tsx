import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OwnSaleMark } from './ProfilePostsGrid.tsx'

const marks = (html: string) => ({
  lock: html.includes('lucide-lock'),
  crown: html.includes('v-tile__members'),
  price: html.match(/<span class="v-tile__price">.*?(\d[\d,]*)<\/span>/)?.[1] ?? null,
})

describe('the sale mark on a creator’s own grid tile', () => {
  it('shows the lock with the price, a crown for members, or both', () => {
    expect(marks(renderToStaticMarkup(<OwnSaleMark sale={{ members: false, price: 1200 }} />))).toEqual({
      lock: true,
      crown: false,
      price: '1,200',
    })
    expect(marks(renderToStaticMarkup(<OwnSaleMark sale={{ members: true, price: null }} />))).toEqual({
      lock: true,
      crown: true,
      price: null,
    })
    expect(marks(renderToStaticMarkup(<OwnSaleMark sale={{ members: true, price: 30 }} />))).toEqual({
      lock: true,
      crown: true,
      price: '30',
    })
  })

  it('shows nothing on a free post or someone else’s', () => {
    expect(renderToStaticMarkup(<OwnSaleMark sale={null} />)).toBe('')
  })
})
