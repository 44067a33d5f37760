/**
 * The unread rules of spec §4 as properties over random sequences of incoming messages and reads.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MsgType } from '../calls/chat.ts'
import { applyIncoming, applyRead, emptyUnread, type IncomingMessage, type UnreadState } from './unread.ts'

const ME = 1
const conversations = ['10', '11', '12', '13']
/** Each conversation's fixed mute and spender flags in one run. */
const flags = fc.record({
  muted: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  spender: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
})
const step = fc.oneof(
  fc.record({
    kind: fc.constant('message' as const),
    conversation: fc.integer({ min: 0, max: 3 }),
    sender: fc.constantFrom(ME, 2, 3),
    msgType: fc.constantFrom(MsgType.Text, MsgType.Image, MsgType.Ppv, MsgType.System),
    active: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('read' as const), conversation: fc.integer({ min: 0, max: 3 }) }),
)

type Flags = { muted: boolean[]; spender: boolean[] }
type Step =
  fc.Arbitrary<typeof step extends fc.Arbitrary<infer S> ? S : never> extends fc.Arbitrary<infer T>
    ? T
    : never

function messageOf(s: Extract<Step, { kind: 'message' }>, f: Flags): IncomingMessage {
  return {
    conversation_id: conversations[s.conversation] ?? '10',
    sender: { id: s.sender },
    msg_type: s.msgType,
    mute: f.muted[s.conversation] ? 1 : 0,
    has_spent: f.spender[s.conversation] ?? false,
  }
}

function run(steps: Step[], f: Flags): UnreadState {
  let state = emptyUnread
  for (const s of steps) {
    if (s.kind === 'read') {
      state = applyRead(state, conversations[s.conversation] ?? '10', {
        muted: f.muted[s.conversation] ?? false,
        spender: f.spender[s.conversation] ?? false,
      })
    } else {
      const active = s.active === null ? null : (conversations[s.active] ?? null)
      state = applyIncoming(state, messageOf(s, f), { userId: ME, activeConversationId: active })
    }
  }
  return state
}

describe('unread rules (spec §4)', () => {
  it('never counts my own messages, system lines (11), or the active conversation', () => {
    fc.assert(
      fc.property(flags, step, fc.integer({ min: 0, max: 3 }), (f, s, active) => {
        if (s.kind !== 'message') return
        const message = messageOf(s, f)
        const after = applyIncoming(emptyUnread, message, {
          userId: ME,
          activeConversationId: conversations[active] ?? null,
        })
        const ignored =
          s.sender === ME || s.msgType === MsgType.System || message.conversation_id === conversations[active]
        expect(after === emptyUnread).toBe(ignored)
        if (!ignored) expect(after.byConversation[message.conversation_id]).toBe(1)
      }),
    )
  })

  it('keeps TC = the unread of conversations not muted, and SC = those of spenders among them', () => {
    fc.assert(
      fc.property(flags, fc.array(step, { maxLength: 200 }), (f, steps) => {
        const state = run(steps, f)
        let tc = 0
        let sc = 0
        conversations.forEach((id, i) => {
          const n = state.byConversation[id] ?? 0
          expect(n).toBeGreaterThanOrEqual(0)
          if (f.muted[i]) return
          tc += n
          if (f.spender[i]) sc += n
        })
        expect(state.TC).toBe(tc)
        expect(state.SC).toBe(sc)
        expect(state.SC).toBeLessThanOrEqual(state.TC)
      }),
    )
  })

  it('counts each qualifying message once: the unread of a conversation is the messages since its last read', () => {
    fc.assert(
      fc.property(flags, fc.array(step, { maxLength: 200 }), (f, steps) => {
        const state = run(steps, f)
        conversations.forEach((id, i) => {
          let expected = 0
          for (const s of steps) {
            if (s.conversation !== i) continue
            if (s.kind === 'read') expected = 0
            else if (s.sender !== ME && s.msgType !== MsgType.System && s.active !== i) expected += 1
          }
          expect(state.byConversation[id] ?? 0).toBe(expected)
        })
      }),
    )
  })
})
