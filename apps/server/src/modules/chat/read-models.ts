import { type SQL, sql } from 'drizzle-orm'

/**
 * Chat as read by other modules in raw SQL (a mass message's opened count, e-mail digests). Chat owns its
 * tables; other modules name them only through these fragments (the Drizzle tables stay private to chat).
 */

/** Chat messages, for a FROM or JOIN clause. Public columns: id, conversation_id, content_key. */
export const messageRows: SQL = sql`chat_messages`

/** Each user's side of a conversation, for a FROM or JOIN clause. Public columns: conversation_id, user_id, last_read_id. */
export const conversationSideRows: SQL = sql`conversation_sides`
