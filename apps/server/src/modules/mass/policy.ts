import { MassRules, MassTexts, UserRole } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'

/** One mass message per creator in any window of this length (spec §5, DESIGN §8). */
export const MASS_INTERVAL_MS = MassRules.intervalHours * 3_600_000

/** Mass messages are a creator tool: 6106 for anyone else (verification is checked on create). */
export function assertCreator(viewer: Pick<Viewer, 'userRole'>): void {
  if (viewer.userRole !== UserRole.Creator) throw new AppError('MassCreatorsOnly')
}

/** spec §5: never in the past (at least a minute ahead), and within MassRules.scheduleMaxDays. */
export function assertSendTime(sendAt: Date, now: Date): void {
  const lead = (sendAt.getTime() - now.getTime()) / 1000
  if (lead < MassRules.scheduleMinLeadSeconds) {
    const message = 'Pick a time in the future.'
    throw new AppError('ScheduleInPast', {
      fields: [{ field: 'send_at', rule: 'mass.schedule_past', message }],
    })
  }
  if (lead > MassRules.scheduleMaxDays * 86_400) {
    const message = `Pick a time within ${MassRules.scheduleMaxDays} days.`
    throw new AppError('ValidationFailed', {
      message,
      fields: [{ field: 'send_at', rule: 'mass.schedule_far', message }],
    })
  }
}

/** At most `max` recipients (DESIGN §8), and at least one. */
export function assertAudienceSize(count: number, max: number): void {
  if (count === 0) throw new AppError('MassAudienceEmpty', { message: MassTexts.empty })
  if (count > max) {
    const message = MassTexts.tooMany(max)
    throw new AppError('MassTooManyRecipients', {
      message,
      fields: [{ field: 'audience', rule: 'mass.recipients_max', message }],
    })
  }
}

/** No other mass message of the creator within 6 hours of this one's send time (before or after it). */
export function assertInterval(neighbour: { sendAt: Date } | null): void {
  if (!neighbour) return
  const message = MassTexts.tooSoon
  throw new AppError('MassTooSoon', {
    message,
    fields: [{ field: 'send_at', rule: 'mass.interval', message }],
  })
}
