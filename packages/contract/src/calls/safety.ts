import { z } from 'zod'
import { isCountryCode, US_STATES } from '../geo.ts'
import { Id } from '../rules/ids.ts'
import { LineText } from '../rules/text.ts'
import { defineCall } from './define.ts'

/** A place to block: a country, or a US state (`region`) within country US. */
export const LocationInput = z
  .object({
    country: LineText.trim()
      .toUpperCase()
      .refine(isCountryCode, {
        message: 'Choose a country from the list.',
        params: { rule: 'location.country' },
      }),
    region: LineText.trim().toUpperCase().nullable().default(null),
  })
  .refine((v) => v.region === null || (v.country === 'US' && v.region in US_STATES), {
    message: 'Choose a US state from the list.',
    path: ['region'],
    params: { rule: 'location.region' },
  })

export const BlockedLocation = z.object({
  id: z.number().int().positive(),
  country: z.string(),
  region: z.string().nullable(),
  /** "Texas, United States" or "Germany". */
  label: z.string(),
  /** Unix seconds. */
  created_at: z.number().int(),
})
export type BlockedLocation = z.infer<typeof BlockedLocation>

export const blockedLocations = defineCall({
  method: 'GET',
  path: '/fapi/core/safety/blocked_locations/',
  access: 'account',
  summary:
    "The viewer's blocked locations, and the location the request comes from (to warn about self-blocking).",
  response: z.object({
    locations: z.array(BlockedLocation),
    /** Where the server places this request (null when the address is not in the GeoIP database). */
    current: z.object({ country: z.string(), region: z.string().nullable(), label: z.string() }).nullable(),
  }),
})

export const addBlockedLocation = defineCall({
  method: 'POST',
  path: '/fapi/core/safety/blocked_locations/add/',
  access: 'account',
  summary:
    'Block a country or a US state: visitors from there get 30023 on the profile, posts and media. Duplicates are refused.',
  input: LocationInput,
  response: z.object({ location: BlockedLocation }),
})

export const removeBlockedLocation = defineCall({
  method: 'POST',
  path: '/fapi/core/safety/blocked_locations/remove/',
  access: 'account',
  summary: 'Unblock one of the viewer’s blocked locations.',
  input: z.object({ id: Id }),
  response: z.object({}),
})
