/**
 * Messages that failed to send, kept per user in IndexedDB (spec §3: id, conversation_id, timetoken), so a
 * reload or a closed tab does not lose what someone typed. Each is shown as failed in its room and can be
 * sent again (with the same client id, so the server stores it once) or deleted. Without IndexedDB (private
 * modes, tests) nothing is kept and nothing fails.
 */

export interface FailedMessage {
  /** The client message id: the retry uses it, so a message that did reach the server is not doubled. */
  id: string
  userId: number
  conversation_id: string
  /** Microseconds, like a chat message's timetoken. */
  timetoken: number
  text: string
  /** A creator's photos and videos (already uploaded: their media ids) and PPV price; absent in older rows. */
  media?: number[]
  price?: number | null
}

const DB_NAME = 'velvet-chat'
const STORE = 'failed_messages'

function open(): Promise<IDBDatabase | null> {
  const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB
  if (!factory) return Promise.resolve(null)
  return new Promise((resolve) => {
    const request = factory.open(DB_NAME, 1)
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' })
      store.createIndex('by_conversation', ['userId', 'conversation_id'])
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>, fallback: T) {
  const db = await open()
  if (!db) return fallback
  try {
    return await new Promise<T>((resolve) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => resolve(fallback)
    })
  } catch {
    return fallback
  } finally {
    db.close()
  }
}

export const failedMessages = {
  async save(message: FailedMessage): Promise<void> {
    await run('readwrite', (store) => store.put(message), undefined as unknown as IDBValidKey)
  },

  /** A user's failed messages in one conversation, oldest first. */
  async list(userId: number, conversationId: string): Promise<FailedMessage[]> {
    const rows = await run<FailedMessage[]>(
      'readonly',
      (store) => store.index('by_conversation').getAll([userId, conversationId]),
      [],
    )
    return [...rows].sort((a, b) => a.timetoken - b.timetoken)
  },

  async remove(id: string): Promise<void> {
    await run('readwrite', (store) => store.delete(id), undefined)
  },
}
