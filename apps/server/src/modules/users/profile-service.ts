import { type SessionUser, Social } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { UserRow } from '../auth/schema.ts'
import type { SafetyService } from '../safety/service.ts'
import { presentCounts } from '../social/presenters.ts'
import type { SocialService } from '../social/service.ts'
import type { ProfileEvents } from './events.ts'
import { assertCanEditProfile, assertCanViewProfile, assertProfileExists } from './policy.ts'
import { presentProfile } from './presenters.ts'
import type { ProfileRepo } from './profile-repo.ts'

export interface ProfileServiceDeps {
  repo: ProfileRepo
  social: Pick<SocialService, 'relation' | 'countsOf'>
  safety: Pick<SafetyService, 'isVisible'>
  events: ProfileEvents
  clock: Clock
  portraitUrl: (key: string) => string
  /** The user as their own tabs see it (auth's SessionUser presenter). */
  presentUser: (row: UserRow) => SessionUser
}

const DAY_MS = 24 * 3600 * 1000

export function createProfileService(deps: ProfileServiceDeps) {
  const { repo, social, safety, events, clock, portraitUrl, presentUser } = deps
  const redirectSince = () => new Date(clock.now().getTime() - Social.usernameRedirectDays * DAY_MS)

  /** By current name (any case), else by a name given up within the redirect window. */
  async function findByName(name: string) {
    const current = await repo.userByName(name)
    if (current) return current
    return repo.userByOldName(name, redirectSince())
  }

  return {
    /** A name given up within the redirect window: sign-up may not take it (its old owner may). */
    isNameReserved(name: string): Promise<boolean> {
      return repo.isNameReserved(name, redirectSince())
    },

    async view(
      viewer: Viewer,
      lookup: { user_name?: string | undefined; user_id?: number | undefined },
      ip: string,
    ) {
      const asked = lookup.user_name?.replace(/^@/, '')
      const owner = asked !== undefined ? await findByName(asked) : await repo.userById(lookup.user_id ?? 0)
      assertProfileExists(owner)
      const isSelf = owner.id === viewer.userId
      const relation = isSelf
        ? { isFollowing: false, blockedByMe: false, blockedMe: false }
        : await social.relation(viewer.userId, owner.id)
      const ownerBlockedViewer = relation.blockedMe
      // The GeoIP lookup only runs when nothing else has decided already.
      const placeBlocked =
        !isSelf && !ownerBlockedViewer && !(await safety.isVisible(owner.id, ip, viewer.userId))
      assertCanViewProfile({ isSelf, ownerBlockedViewer, placeBlocked })
      const counts = presentCounts(await social.countsOf(owner.id))
      return {
        profile: presentProfile(
          owner,
          { counts, isSelf, isFollowing: relation.isFollowing, isBlockedByMe: relation.blockedByMe },
          portraitUrl,
        ),
        canonical_user_name: asked !== undefined && asked !== owner.userName ? owner.userName : null,
      }
    },

    /**
     * Changes nickname, user name and bio. A new name must be free among current names and not given up
     * by someone else within the redirect window (a user may take back their own old name); the old name
     * is recorded so that links to it keep working. Every open tab of the user gets user_info_change.
     */
    async update(
      viewer: Viewer,
      input: { nickname?: string | undefined; user_name?: string | undefined; bio?: string | undefined },
    ) {
      const row = await repo.transaction(async (tx) => {
        const current = await repo.lockUser(viewer.userId, tx)
        assertCanEditProfile(current)
        const now = clock.now()
        const oldName = current.userName
        const newName = input.user_name
        const renamed =
          newName !== undefined && oldName !== null && newName.toLowerCase() !== oldName.toLowerCase()
        if (renamed) {
          await repo.lockNames([oldName, newName], tx)
          if (await repo.isNameHeldByOther(newName, viewer.userId, redirectSince(), tx)) {
            throw new AppError('UsernameTaken')
          }
        }
        const updated = await repo.updateProfile(
          viewer.userId,
          {
            ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
            ...(newName !== undefined ? { userName: newName } : {}),
            ...(input.bio !== undefined ? { bio: input.bio } : {}),
          },
          now,
          tx,
        )
        if (renamed) await repo.recordNameChange(viewer.userId, oldName, newName, now, tx)
        return updated
      })
      const user = presentUser(row)
      events.profileChanged(user)
      return { user }
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
