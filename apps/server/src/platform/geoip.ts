import { BlockList, isIP } from 'node:net'

/** Where an address is: ISO country code and, when the database knows it, a subdivision (US state code). */
export interface GeoPlace {
  country: string
  region: string | null
}

export interface GeoLocator {
  /** The place of an address, or null for private, reserved and unknown addresses. */
  locate(ip: string): Promise<GeoPlace | null>
}

type GeoipLite = typeof import('geoip-lite')

/** Addresses that never leave a private network (or are reserved for documentation): no lookup at all. */
const unroutable = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const) {
  unroutable.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
] as const) {
  unroutable.addSubnet(net, prefix, 'ipv6')
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as the plain IPv4 address. */
function normalise(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  return mapped?.[1] ?? ip
}

export function isRoutableAddress(ip: string): boolean {
  const address = normalise(ip)
  const family = isIP(address)
  if (family === 0) return false
  return !unroutable.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

let loading: Promise<GeoipLite> | null = null

/**
 * The GeoIP database shipped in the geoip-lite package (MaxMind GeoLite2 data). Loading it takes ~170 ms
 * and ~100 MB, so it is imported on the first lookup of a public address, once per process.
 */
function database(): Promise<GeoipLite> {
  loading ??= import('geoip-lite').then((m) => ('default' in m ? (m.default as GeoipLite) : m))
  return loading
}

export function createGeoLocator(): GeoLocator {
  return {
    async locate(ip) {
      if (!isRoutableAddress(ip)) return null
      const hit = (await database()).lookup(normalise(ip))
      if (!hit?.country) return null
      return { country: hit.country, region: hit.region ? hit.region : null }
    },
  }
}

/** Just the country code of an address (for the sessions list), or null. */
export async function countryOf(locator: GeoLocator, ip: string): Promise<string | null> {
  return (await locator.locate(ip))?.country ?? null
}
