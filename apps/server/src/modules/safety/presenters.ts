import { type BlockedLocation, locationLabel } from '@velvet/contract'
import type { GeoPlace } from '../../platform/geoip.ts'
import type { BlockedLocationRow } from './repo.ts'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

export function presentBlockedLocation(row: BlockedLocationRow): BlockedLocation {
  return {
    id: row.id,
    country: row.country,
    region: row.region,
    label: locationLabel(row.country, row.region),
    created_at: seconds(row.createdAt),
  }
}

export function presentPlace(place: GeoPlace) {
  return {
    country: place.country,
    region: place.region,
    label: locationLabel(place.country, place.region),
  }
}
