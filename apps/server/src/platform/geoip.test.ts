import { describe, expect, it } from 'vitest'
import { countryOf, createGeoLocator, isRoutableAddress } from './geoip.ts'

describe('GeoIP', () => {
  const geo = createGeoLocator()

  it('places public addresses by country and region', async () => {
    expect(await geo.locate('81.2.69.142')).toEqual({ country: 'GB', region: 'ENG' })
    expect(await geo.locate('24.24.24.24')).toEqual({ country: 'US', region: 'NY' })
    expect(await geo.locate('::ffff:24.24.24.24')).toEqual({ country: 'US', region: 'NY' })
    expect(await countryOf(geo, '81.2.69.142')).toBe('GB')
  })

  it('answers null for private, loopback, documentation and malformed addresses', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.9',
      '172.20.0.1',
      '203.0.113.7',
      '::1',
      'fe80::1',
      'x',
    ]) {
      expect(isRoutableAddress(ip), ip).toBe(false)
      expect(await geo.locate(ip), ip).toBeNull()
    }
    expect(isRoutableAddress('8.8.8.8')).toBe(true)
  })
})
