/**
 * The conversation the chat screens have open (spec §2 /chatRoom guard: "an active contact"). The chat
 * feature sets it when a conversation is opened from the list; until then nothing is active.
 */
let activeContact: number | null = null

export const activeChatContact = {
  get: (): number | null => activeContact,
  set: (userId: number | null): void => {
    activeContact = userId
  },
}
