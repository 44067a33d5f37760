/** The mass message screens (spec §2 Mass messages). */
export const MassPath = {
  list: '/mass/list',
  sender: '/mass/sender',
  success: '/mass/success',
} as const

/** /mass/success?mass_id= after sending or scheduling. */
export const massSuccessPath = (massId: number) => `${MassPath.success}?mass_id=${massId}`
