import { US_STATES } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { GeoLocator, GeoPlace } from '../../platform/geoip.ts'
import type { Viewer } from '../../platform/http.ts'
import { assertCanManageLocation, canSeeFrom } from './policy.ts'
import { presentBlockedLocation, presentPlace } from './presenters.ts'
import type { SafetyRepo } from './repo.ts'

export interface SafetyServiceDeps {
  repo: SafetyRepo
  geo: GeoLocator
  clock: Clock
}

/**
 * The places that can be blocked are countries and US states, so a request's place keeps its region only
 * inside the US (GeoIP's other subdivisions, e.g. GB "ENG", can never match a block).
 */
function blockablePlace(place: GeoPlace | null): GeoPlace | null {
  if (!place) return null
  const region = place.country === 'US' && place.region && place.region in US_STATES ? place.region : null
  return { country: place.country, region }
}

export function createSafetyService({ repo, geo, clock }: SafetyServiceDeps) {
  async function placeOf(ip: string): Promise<GeoPlace | null> {
    return blockablePlace(await geo.locate(ip))
  }

  async function placeBlocked(ownerId: number, ip: string): Promise<boolean> {
    // Most owners block nothing: ask the table first, so the GeoIP database is loaded only when needed.
    if (!(await repo.hasAnyLocation(ownerId))) return false
    const place = await placeOf(ip)
    return place !== null && (await repo.blocksPlace(ownerId, place.country, place.region))
  }

  async function isVisible(ownerId: number, ip: string, viewerId?: number): Promise<boolean> {
    const isOwner = viewerId === ownerId
    return canSeeFrom({ isOwner, placeBlocked: !isOwner && (await placeBlocked(ownerId, ip)) })
  }

  return {
    placeOf,
    isVisible,

    /**
     * Throws 30023 when the request's address is in a place the owner blocked. For the profile now, and
     * for posts, media and live as they land. `viewerId` lets the owner through wherever they are.
     */
    async assertVisible(ownerId: number, ip: string, viewerId?: number): Promise<void> {
      if (!(await isVisible(ownerId, ip, viewerId))) throw new AppError('BlockedLocation')
    },

    /**
     * The batch form of isVisible for a page of posts: which of these owners the request may see. At most
     * two statements, and the GeoIP lookup only when one of them blocked a place at all.
     */
    async visibleOwners(ownerIds: number[], ip: string, viewerId?: number): Promise<Set<number>> {
      const visible = new Set(ownerIds)
      const others = ownerIds.filter((id) => id !== viewerId)
      const blocking = await repo.ownersWithLocations(others)
      if (blocking.size === 0) return visible
      const place = await placeOf(ip)
      if (!place) return visible
      const blocked = await repo.ownersBlockingPlace([...blocking], place.country, place.region)
      for (const id of blocked) visible.delete(id)
      return visible
    },

    async list(viewer: Viewer, ip: string) {
      const [rows, place] = await Promise.all([repo.locationsOf(viewer.userId), placeOf(ip)])
      return { locations: rows.map(presentBlockedLocation), current: place ? presentPlace(place) : null }
    },

    async add(viewer: Viewer, input: { country: string; region: string | null }) {
      const row = await repo.insertLocation({
        userId: viewer.userId,
        country: input.country,
        region: input.region,
        createdAt: clock.now(),
      })
      return { location: presentBlockedLocation(row) }
    },

    async remove(viewer: Viewer, id: number) {
      const row = await repo.locationById(id)
      assertCanManageLocation(viewer.userId, row)
      await repo.deleteLocation(viewer.userId, row.id)
      return {}
    },
  }
}

export type SafetyService = ReturnType<typeof createSafetyService>
