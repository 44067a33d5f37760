import { useSyncExternalStore } from 'react'

/**
 * A value shared outside React (a toast list, the open sheet, the ringing call) that components read with
 * `useStore`. Every module-level store of the app is one of these, so they all notify the same way.
 */
export interface Store<T> {
  get(): T
  /** Replaces the value; listeners hear of it only when it changed (Object.is). */
  set(next: T): void
  update(change: (current: T) => T): void
  subscribe(listener: () => void): () => void
}

/** The reading half of a store (what a component needs). */
export type ReadableStore<T> = Pick<Store<T>, 'get' | 'subscribe'>

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  const store: Store<T> = {
    get: () => value,
    set(next) {
      if (Object.is(value, next)) return
      value = next
      for (const listener of listeners) listener()
    },
    update: (change) => store.set(change(value)),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  return store
}

/**
 * The store's value (or the part `select` picks) in a component, re-rendered when it changes. `select` must
 * answer a stable value (a primitive or a part of the state), not a new object on each call.
 */
export function useStore<T>(store: ReadableStore<T>): T
export function useStore<T, S>(store: ReadableStore<T>, select: (value: T) => S): S
export function useStore<T, S>(store: ReadableStore<T>, select?: (value: T) => S): T | S {
  const read = () => (select ? select(store.get()) : store.get())
  return useSyncExternalStore(store.subscribe, read, read)
}
