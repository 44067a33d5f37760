import { z } from 'zod'
import { SpentLevels } from '../money.ts'
import { Id, QueryId } from '../rules/ids.ts'
import { LineText, MultilineText } from '../rules/text.ts'
import { ChatRules, ChatTexts } from './chat.ts'
import { defineCall } from './define.ts'
import { MediaId, OwnMedia } from './media.ts'
import { PostId, Price } from './post.ts'
import { PageQuery, pageOf } from './profile.ts'
import { ListId } from './social.ts'

/**
 * Mass messages (spec §2 /mass/list, /mass/sender, /mass/success; §3 enums; §5 rules; DESIGN §8).
 * A creator sends one message to an audience; each recipient gets it once, in their own conversation.
 */

/** spec §3: mass-message kind. A Post mass message shares one of the creator's published posts. */
export const MassKind = { Message: 1, Post: 2 } as const
export type MassKind = (typeof MassKind)[keyof typeof MassKind]

/** spec §3: schedule status, with its string form. */
export const MassStatus = { Scheduled: 1, Sending: 2, Successful: 3, Failed: 4 } as const
export type MassStatus = (typeof MassStatus)[keyof typeof MassStatus]
export const MassStatusNames = {
  1: 'scheduled',
  2: 'sending',
  3: 'successful',
  4: 'failed',
} as const satisfies Record<MassStatus, string>
export type MassStatusName = (typeof MassStatusNames)[MassStatus]

/** The limits of mass messages, in one place (DESIGN §8; the server may lower or raise recipientsMax). */
export const MassRules = {
  /** Recipients of one send (configurable on the server: MASS_RECIPIENTS_MAX). */
  recipientsMax: 5_000,
  /** One mass message per creator in any window of this many hours (spec §5). */
  intervalHours: 6,
  /** Recipients delivered per transaction of the sending job. */
  batchSize: 200,
  textMax: ChatRules.textMax,
  mediaMax: ChatRules.mediaMax,
  /** Lists one audience may combine. */
  listsMax: 10,
  /** A schedule at least this far ahead (spec §5: never in the past) and at most this many days ahead. */
  scheduleMinLeadSeconds: 60,
  scheduleMaxDays: 30,
  pageSize: 20,
} as const

/** Who receives a mass message. Blocked people (either way) and deleted accounts never do. */
export const MassAudienceKinds = ['followers', 'members', 'expired_members', 'spenders', 'lists'] as const
export const MassAudienceKind = z.enum(MassAudienceKinds)
export type MassAudienceKind = z.infer<typeof MassAudienceKind>

export const MassAudienceLabels: Record<MassAudienceKind, { title: string; hint: string }> = {
  followers: { title: 'All followers', hint: 'Everyone who follows you' },
  members: { title: 'Members', hint: 'Fans with an active membership' },
  expired_members: { title: 'Expired members', hint: 'Fans whose membership has ended' },
  spenders: { title: 'Spenders', hint: 'Fans who spent with you in the last 30 days' },
  lists: { title: 'Custom lists', hint: 'People in your lists who follow you or were members' },
}

/** A spender level (money.ts SpentLevels 1-4): fans who spent at least its amount with the creator. */
export const MassSpentLevel = z
  .number()
  .int()
  .min(1)
  .max(SpentLevels.length - 1)

export const MassAudience = z
  .object({
    kind: MassAudienceKind,
    /** spenders: the lowest level included (1 = anyone who spent). */
    spent_level: MassSpentLevel.nullable().default(null),
    /** lists: the creator's own lists, combined. */
    list_ids: z
      .array(ListId)
      .max(MassRules.listsMax, { message: `Choose at most ${MassRules.listsMax} lists.` })
      .default([]),
  })
  .superRefine((audience, ctx) => {
    if (audience.kind === 'spenders' && audience.spent_level === null)
      ctx.addIssue({ code: 'custom', path: ['spent_level'], message: 'Choose a spender level.' })
    if (audience.kind === 'lists' && audience.list_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['list_ids'], message: 'Choose at least one list.' })
  })
export type MassAudience = z.infer<typeof MassAudience>
export type MassAudienceInput = z.input<typeof MassAudience>

export const MassTexts = {
  limitRule: `Up to ${MassRules.recipientsMax.toLocaleString('en-US')} recipients per message, one mass message every ${MassRules.intervalHours} hours.`,
  tooMany: (max: number) =>
    `This audience has more than ${max.toLocaleString('en-US')} people. Choose a smaller audience.`,
  tooSoon: `You can send one mass message every ${MassRules.intervalHours} hours.`,
  empty: 'No one in this audience can receive a message yet.',
  ppvRule: 'Fans who already bought these photos or videos get them unlocked.',
  sent: 'Your mass message is on its way',
  scheduled: 'Your mass message is scheduled',
  postNeeded: 'Choose a post to share.',
  textOrMedia: 'Write a message or add a photo or video.',
} as const

const MassText = MultilineText.trim().max(MassRules.textMax, {
  message: `A message is at most ${MassRules.textMax} characters.`,
})

/** A mass message as its creator sees it in /mass/list and its detail. */
export const MassMessage = z.object({
  mass_id: z.number().int().positive(),
  kind: z.number().int(),
  /** MassStatus 1-4 and its string form (spec §3). */
  status: z.number().int(),
  status_name: z.enum(['scheduled', 'sending', 'successful', 'failed']),
  audience: z.object({
    kind: MassAudienceKind,
    spent_level: z.number().int().nullable(),
    list_ids: z.array(ListId),
  }),
  text: z.string(),
  media: z.array(OwnMedia),
  price: z.number().int().nullable(),
  /** Kind Post: the post shared. */
  post_id: z.number().int().nullable(),
  /** When it is (or was) sent, seconds. */
  send_at: z.number().int(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
  /** People it goes to, fixed when sending starts; null while scheduled. */
  recipients: z.number().int().nullable(),
  /** Delivered; read past it in their conversation; bought its PPV content after it was sent. */
  counts: z.object({
    sent: z.number().int().min(0),
    opened: z.number().int().min(0),
    purchased: z.number().int().min(0),
  }),
  /** Why it failed (status 4). */
  failure: z.string().nullable(),
})
export type MassMessage = z.infer<typeof MassMessage>

export const massAudienceCount = defineCall({
  method: 'POST',
  path: '/fapi/core/mass/audience/',
  access: 'account',
  summary: 'How many people an audience reaches now (blocked and deleted accounts left out), and the limit.',
  input: z.object({ audience: MassAudience }),
  response: z.object({ count: z.number().int().min(0), max: z.number().int().positive() }),
})

export const massCreate = defineCall({
  method: 'POST',
  path: '/fapi/core/mass/create/',
  access: 'account',
  summary:
    `Sends a mass message now or at send_at (creators only; at most ${MassRules.recipientsMax} recipients, ` +
    `one per ${MassRules.intervalHours} hours). The same client_id answers the mass message it made.`,
  input: z
    .object({
      /** Made once per composer: a retry after a lost answer finds the first. */
      client_id: LineText.trim().min(8).max(64),
      kind: z.union([z.literal(MassKind.Message), z.literal(MassKind.Post)]),
      audience: MassAudience,
      text: MassText.default(''),
      media: z
        .array(MediaId)
        .max(MassRules.mediaMax, {
          message: `A message has at most ${MassRules.mediaMax} photos and videos.`,
        })
        .default([]),
      /** Sell the media as a PPV message (kind Message). */
      price: Price.nullable().default(null),
      /** Kind Post: one of the creator's published posts. */
      post_id: PostId.nullable().default(null),
      /** Seconds; null sends now. Never in the past (spec §5). */
      send_at: z.number().int().nullable().default(null),
    })
    .superRefine((mass, ctx) => {
      if (mass.kind === MassKind.Post) {
        if (mass.post_id === null)
          ctx.addIssue({ code: 'custom', path: ['post_id'], message: MassTexts.postNeeded })
        if (mass.media.length > 0 || mass.price !== null)
          ctx.addIssue({ code: 'custom', path: ['media'], message: 'A shared post carries its own media.' })
        return
      }
      if (mass.text === '' && mass.media.length === 0)
        ctx.addIssue({ code: 'custom', path: ['text'], message: MassTexts.textOrMedia })
      if (mass.price !== null && mass.media.length === 0)
        ctx.addIssue({ code: 'custom', path: ['price'], message: ChatTexts.ppvNeedsMedia })
    }),
  response: z.object({ mass: MassMessage }),
})

export const massList = defineCall({
  method: 'GET',
  path: '/fapi/core/mass/list/',
  access: 'account',
  summary: "The creator's mass messages, newest first, with status and counts.",
  input: PageQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(MassRules.pageSize) }),
  response: pageOf(MassMessage),
})

export const massDetail = defineCall({
  method: 'GET',
  path: '/fapi/core/mass/detail/',
  access: 'account',
  summary: 'One of the creator’s mass messages.',
  input: z.object({ mass_id: QueryId }),
  response: z.object({ mass: MassMessage }),
})

export const massCancel = defineCall({
  method: 'POST',
  path: '/fapi/core/mass/cancel/',
  access: 'account',
  summary: 'Cancels a scheduled mass message (it is removed; one that started sending cannot be).',
  input: z.object({ mass_id: Id }),
  response: z.object({ mass_id: z.number().int().positive() }),
})
